//! Names as English: "a dart", "the chain mail", "138 darts", "2 potions of healing",
//! "a suit of chain mail". The messages, the sidebar and the morgue all count with these.

/// Names of stuff rather than things: counted as suits of it ("a suit of chain mail").
const MASS: [&str; 2] = ["armour", "mail"];

/// Whether a name is of stuff rather than a thing ("chain mail", "leather armour").
fn is_mass(name: &str) -> bool {
    let head = name.split_once(" of ").map_or(name, |(head, _)| head);
    MASS.contains(&head.rsplit(' ').next().unwrap_or(head))
}

/// Whether a name is a proper one (a capital first letter): "Heart of the Deep".
fn is_proper(name: &str) -> bool {
    name.starts_with(char::is_uppercase)
}

/// A name with its indefinite article: "a dart", "an ogre", "a suit of chain mail"; a proper
/// name takes "the": "the Heart of the Deep".
pub fn a_name(name: &str) -> String {
    if is_proper(name) {
        return format!("the {name}");
    }
    if is_mass(name) {
        return format!("a suit of {name}");
    }
    let article = if name.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    };
    format!("{article} {name}")
}

/// A name with the definite article, for a thing already spoken of or in hand: "the mace",
/// "the chain mail", "the Heart of the Deep".
pub fn the_name(name: &str) -> String {
    format!("the {name}")
}

/// The plural of a name from the data: "darts", "wolves", "scrolls of teleport",
/// "suits of leather armour"; a proper name (a capital first letter) stays as it is.
pub fn plural(name: &str) -> String {
    if is_proper(name) {
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
            let _ = a_name(odd);
        }
    }

    #[test]
    fn one_of_a_kind_reads_as_english() {
        assert_eq!(how_many(1, "chain mail"), "a suit of chain mail");
        assert_eq!(a_name("leather armour"), "a suit of leather armour");
        assert_eq!(a_name("scale mail"), "a suit of scale mail");
        assert_eq!(a_name("arrow"), "an arrow");
        assert_eq!(a_name("potion of healing"), "a potion of healing");
        assert_eq!(a_name("Heart of the Deep"), "the Heart of the Deep");
        assert_eq!(the_name("chain mail"), "the chain mail");
        assert_eq!(the_name("mace"), "the mace");
    }
}
