//! Counts as English: "138 darts", "2 potions of healing", "3 suits of chain mail", "a dart".

use crate::sim::a_name;

/// Names of stuff rather than things: counted as suits of it.
const MASS: [&str; 2] = ["armour", "mail"];

/// The plural of a name from the data: "darts", "wolves", "scrolls of teleport",
/// "suits of leather armour"; a proper name (a capital first letter) stays as it is.
pub fn plural(name: &str) -> String {
    if name.starts_with(char::is_uppercase) {
        return name.to_string();
    }
    if let Some((head, tail)) = name.split_once(" of ") {
        return format!("{} of {tail}", plural(head));
    }
    let last = name.rsplit(' ').next().unwrap_or(name);
    if MASS.contains(&last) {
        return format!("suits of {name}");
    }
    let stem = &name[..name.len() - last.len()];
    let word = match last {
        "wolf" => "wolves".to_string(),
        w if w.ends_with(['s', 'x', 'z']) || w.ends_with("ch") || w.ends_with("sh") => {
            format!("{w}es")
        }
        w if w.ends_with('y') && !w.ends_with(['a', 'e', 'o', 'u']) && w.len() > 1 => {
            format!("{}ies", &w[..w.len() - 1])
        }
        w => format!("{w}s"),
    };
    format!("{stem}{word}")
}

/// `n` of `name`: "138 darts", or "a dart" for one.
pub fn how_many(n: u32, name: &str) -> String {
    if n == 1 {
        a_name(name)
    } else {
        format!("{n} {}", plural(name))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_read_as_english() {
        assert_eq!(how_many(138, "dart"), "138 darts");
        assert_eq!(how_many(1, "dart"), "a dart");
        assert_eq!(how_many(1, "ogre"), "an ogre");
        assert_eq!(how_many(2, "potion of healing"), "2 potions of healing");
        assert_eq!(how_many(6, "scroll of teleport"), "6 scrolls of teleport");
        assert_eq!(how_many(5, "chain mail"), "5 suits of chain mail");
        assert_eq!(how_many(2, "leather armour"), "2 suits of leather armour");
        assert_eq!(how_many(3, "wolf"), "3 wolves");
        assert_eq!(how_many(2, "war axe"), "2 war axes");
        assert_eq!(how_many(4, "sling stone"), "4 sling stones");
        assert_eq!(how_many(2, "goblin slinger"), "2 goblin slingers");
        assert_eq!(how_many(2, "deep wyrm"), "2 deep wyrms");
        assert_eq!(how_many(0, "rat"), "0 rats");
        assert_eq!(plural("box"), "boxes");
        assert_eq!(plural("fly"), "flies");
        assert_eq!(plural("Heart of the Deep"), "Heart of the Deep");
        for odd in ["", " ", " of ", "y", "of of"] {
            let _ = plural(odd);
        }
    }
}
