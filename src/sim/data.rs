//! Checks shared by the human-edited data files (`data/monsters.toml`, `data/items.toml`).

/// The first name that appears twice, if any.
pub(crate) fn first_duplicate<'a>(names: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let mut seen: Vec<&str> = Vec::new();
    for name in names {
        if seen.contains(&name) {
            return Some(name);
        }
        seen.push(name);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_first_repeat() {
        assert_eq!(first_duplicate(["a", "b", "a", "b"]), Some("a"));
        assert_eq!(first_duplicate(["a", "b"]), None);
    }
}
