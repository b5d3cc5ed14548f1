//! Every public item of the crate has a doc comment with an example (issue 30: "`cargo doc` is
//! the crate's manual"). The items still without one are listed in
//! `tests/docs_without_examples.txt`; this test keeps that list honest both ways, so it can only
//! shrink: an item without an example that is missing from the list fails, and so does an item
//! in the list that now has one.
//!
//! An item is public when it is declared `pub` (fn, const fn, struct, enum, trait, type, const,
//! static) and reachable: declared in `lib.rs` or a `mod.rs`, or named by a `pub use`, or a
//! method of such a type, or a method declared in a public trait. `#[cfg(test)]` items and
//! modules, and the files `tests.rs` and `*_tests.rs`, are skipped. An item "has an example"
//! when its doc comment holds a fenced code block.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

/// One public item: its file (relative to `src/`), its name (`Type::method` for methods), and
/// whether its doc comment holds an example.
#[derive(Debug)]
struct Item {
    file: String,
    name: String,
    free: bool,
    has_example: bool,
}

impl Item {
    fn key(&self) -> String {
        format!("{}: {}", self.file, self.name)
    }
}

/// The `.rs` files under `dir`, sorted.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
}

/// The files of modules declared `#[cfg(test)] mod name;` in `text` (the file at `path`).
fn test_module_files(path: &Path, text: &str, out: &mut BTreeSet<PathBuf>) {
    let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
    let dir = path.parent().expect("a file has a parent");
    let base = if stem == "mod" || stem == "lib" {
        dir.to_path_buf()
    } else {
        dir.join(stem)
    };
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    for pair in lines.windows(2) {
        let name = pair[1]
            .strip_prefix("mod ")
            .and_then(|r| r.strip_suffix(';'));
        if let (true, Some(name)) = (pair[0] == "#[cfg(test)]", name) {
            out.insert(base.join(format!("{name}.rs")));
            out.insert(base.join(name).join("mod.rs"));
        }
    }
}

/// The names a `pub use` statement in `text` brings in.
fn reexported_names(text: &str, out: &mut BTreeSet<String>) {
    let mut rest = text;
    while let Some(at) = rest.find("pub use ") {
        let tail = &rest[at + 8..];
        let end = tail.find(';').unwrap_or(tail.len());
        let stmt = &tail[..end];
        let names = match (stmt.find('{'), stmt.rfind('}')) {
            (Some(a), Some(b)) => stmt[a + 1..b].to_string(),
            _ => stmt.rsplit("::").next().unwrap_or("").to_string(),
        };
        for name in names.split(',') {
            let name = name.trim();
            let name = name.rsplit(" as ").next().unwrap_or(name);
            if !name.is_empty() {
                out.insert(name.to_string());
            }
        }
        rest = &tail[end..];
    }
}

/// The name declared by `line` when it declares a `pub` item, with whether it is a type.
fn pub_item(line: &str) -> Option<(String, bool)> {
    let rest = line.strip_prefix("pub ")?;
    let kinds = [
        ("const fn ", false),
        ("unsafe fn ", false),
        ("fn ", false),
        ("struct ", true),
        ("enum ", true),
        ("trait ", true),
        ("type ", true),
        ("const ", false),
        ("static ", false),
    ];
    let (kind, is_type) = kinds.iter().find(|(k, _)| rest.starts_with(k))?;
    Some((ident(&rest[kind.len()..]), *is_type))
}

/// The identifier at the start of `s`.
fn ident(s: &str) -> String {
    s.chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect()
}

/// The type an `impl` line is for: `impl<T> Grid<T> {` gives `Grid`, `impl X for Y` gives `Y`.
fn impl_type(line: &str) -> String {
    let mut rest = line.strip_prefix("impl").unwrap_or(line).trim_start();
    if rest.starts_with('<') {
        let mut depth = 0;
        for (i, c) in rest.char_indices() {
            depth += match c {
                '<' => 1,
                '>' => -1,
                _ => 0,
            };
            if depth == 0 {
                rest = rest[i + 1..].trim_start();
                break;
            }
        }
    }
    if let Some(at) = rest.find(" for ") {
        rest = &rest[at + 5..];
    }
    ident(rest.trim_start())
}

/// The change in brace depth over `line`, ignoring braces in strings, chars and comments.
fn brace_delta(line: &str) -> i32 {
    let code = line.split("//").next().unwrap_or("");
    let mut delta = 0;
    let mut in_str = false;
    let mut prev = ' ';
    for c in code.chars() {
        match c {
            '"' if prev != '\\' && prev != '\'' => in_str = !in_str,
            '{' if !in_str && prev != '\'' => delta += 1,
            '}' if !in_str && prev != '\'' => delta -= 1,
            _ => {}
        }
        prev = c;
    }
    delta
}

/// The lines of `text` outside attributes written over several lines and outside
/// `#[cfg(test)]` items, trimmed, each with the brace depth before it. A `#[cfg(test)]` item
/// leaves an empty line in its place, so that the doc comment above it goes with it.
fn visible_lines(text: &str) -> Vec<(i32, &str)> {
    let (mut out, mut depth, mut in_attr, mut cfg_test) = (Vec::new(), 0, false, false);
    let mut skip_until: Option<i32> = None;
    for t in text.lines().map(str::trim) {
        // An attribute over several lines, such as a long `#[derive(…)]`.
        if in_attr || (t.starts_with("#[") && !t.ends_with(']')) {
            in_attr = !t.ends_with(']');
            continue;
        }
        let before = depth;
        depth += brace_delta(t);
        if let Some(level) = skip_until {
            if depth <= level {
                skip_until = None;
            }
            continue;
        }
        if t == "#[cfg(test)]" {
            cfg_test = true;
            continue;
        }
        if cfg_test && !t.starts_with("#[") && !t.starts_with("///") {
            cfg_test = false;
            if depth > before {
                skip_until = Some(before);
            }
            out.push((before, ""));
            continue;
        }
        out.push((before, t));
    }
    out
}

/// The item line `t` declares at brace depth `depth` within `context` (the `impl` or `pub
/// trait` it is in): its name, whether it is a type, and whether it is free (not a method).
fn declared(context: Option<&(String, bool)>, depth: i32, t: &str) -> Option<(String, bool, bool)> {
    match (context, depth) {
        (_, 0) => pub_item(t).map(|(n, is_type)| (n, is_type, true)),
        (Some((owner, false)), 1) => {
            pub_item(t).map(|(n, _)| (format!("{owner}::{n}"), false, false))
        }
        (Some((owner, true)), 1) => t
            .strip_prefix("fn ")
            .map(|r| (format!("{owner}::{}", ident(r)), false, false)),
        _ => None,
    }
}

/// The public items of one file (before the reachability filter), each with whether it is a
/// type and the type it is a method of (empty for a free item).
fn items_of(file: &str, text: &str) -> Vec<(Item, bool, String)> {
    let mut items = Vec::new();
    let mut context: Option<(String, bool)> = None; // (impl or trait name, is a trait)
    let mut doc = String::new();
    for (before, t) in visible_lines(text) {
        if let Some(d) = t.strip_prefix("///") {
            doc.push_str(d);
            doc.push('\n');
            continue;
        }
        if t.starts_with("#[") || t.is_empty() && doc.is_empty() {
            continue;
        }
        if before == 0 {
            context = if t.starts_with("impl") {
                Some((impl_type(t), false))
            } else {
                t.strip_prefix("pub trait ").map(|r| (ident(r), true))
            };
        }
        if let Some((name, is_type, free)) = declared(context.as_ref(), before, t) {
            let owner = match &context {
                Some((o, _)) if !free => o.clone(),
                _ => String::new(),
            };
            let has_example = doc.contains("```");
            let file = file.to_string();
            items.push((
                Item {
                    file,
                    name,
                    free,
                    has_example,
                },
                is_type,
                owner,
            ));
        }
        doc.clear();
    }
    items
}

/// Every public item of the crate, in file order.
fn public_items() -> Vec<Item> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut test_files = BTreeSet::new();
    let mut exported = BTreeSet::new();
    let texts: Vec<(PathBuf, String)> = files
        .into_iter()
        .map(|p| {
            let text = fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            (p, text)
        })
        .collect();
    for (path, text) in &texts {
        test_module_files(path, text, &mut test_files);
        reexported_names(text, &mut exported);
    }
    let mut found = Vec::new();
    for (path, text) in &texts {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if name == "tests.rs" || name.ends_with("_tests.rs") || test_files.contains(path) {
            continue;
        }
        let rel = path
            .strip_prefix(&src)
            .expect("under src")
            .to_string_lossy()
            .replace('\\', "/");
        let root = name == "lib.rs" || name == "mod.rs";
        found.extend(
            items_of(&rel, text)
                .into_iter()
                .map(|(item, is_type, owner)| (item, is_type, owner, root)),
        );
    }
    let public_types: BTreeSet<String> = found
        .iter()
        .filter(|(item, is_type, _, root)| *is_type && (*root || exported.contains(&item.name)))
        .map(|(item, ..)| item.name.clone())
        .collect();
    found
        .into_iter()
        .filter(|(item, _, owner, root)| {
            if item.free {
                *root || exported.contains(&item.name)
            } else {
                public_types.contains(owner)
            }
        })
        .map(|(item, ..)| item)
        .collect()
}

/// One line a key, indented, for the failure message.
fn indented(keys: &[&String]) -> String {
    keys.iter()
        .map(|k| ["  ", k.as_str(), "\n"].concat())
        .collect()
}

#[test]
fn every_public_item_has_an_example_or_is_listed() {
    let items = public_items();
    assert!(
        items.len() > 100,
        "the scan found only {} public items",
        items.len()
    );
    let without: BTreeSet<String> = items
        .iter()
        .filter(|i| !i.has_example)
        .map(Item::key)
        .collect();
    let list_path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/docs_without_examples.txt");
    let list_text =
        fs::read_to_string(&list_path).unwrap_or_else(|e| panic!("{}: {e}", list_path.display()));
    let listed: BTreeSet<String> = list_text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect();
    let unlisted: Vec<&String> = without.difference(&listed).collect();
    let stale: Vec<&String> = listed.difference(&without).collect();
    assert!(
        unlisted.is_empty() && stale.is_empty(),
        "{}: {} of {} public items have an example.\n\
         Public items without an example, not in the list (give them an example):\n{}\n\
         Listed items that have an example now or no longer exist (remove them from the list):\n{}",
        list_path.display(),
        items.len() - without.len(),
        items.len(),
        indented(&unlisted),
        indented(&stale),
    );
}

#[test]
fn the_scan_sees_a_known_example_and_a_known_method() {
    let items = public_items();
    let find = |key: &str| items.iter().find(|i| i.key() == key);
    // Hex is re-exported from geom and declared in geom/mod.rs; its methods are public.
    assert!(find("geom/mod.rs: Hex").is_some());
    assert!(find("geom/mod.rs: Hex::distance").is_some());
    // A doc comment above a `#[derive(…)]` written over several lines is still seen.
    assert!(find("geom/mod.rs: Hex").is_some_and(|i| i.has_example));
    // Private helpers and test-only code are not public items.
    assert!(items.iter().all(|i| !i.file.ends_with("tests.rs")));
}

#[test]
fn the_scan_reads_doc_comments_and_skips_test_code() {
    let text = "/// A.\n///\n/// ```\n/// x\n/// ```\n#[derive(\n    Debug,\n)]\npub struct A;\n\n\
                impl A {\n    /// No example.\n    pub fn f(&self) {}\n\n    /// Test only.\n\
                #[cfg(test)]\n    pub fn g(&self) {}\n    fn private(&self) {}\n}\n\n\
                #[cfg(test)]\nmod tests {\n    /// In the tests.\n    pub fn h() {}\n}\n\
                /// ```\n/// y\n/// ```\n#[cfg(test)]\npub fn k() {}\n/// Last.\npub fn z() {}\n";
    let found: Vec<(String, bool)> = items_of("a.rs", text)
        .into_iter()
        .map(|(item, ..)| (item.name, item.has_example))
        .collect();
    let expected = [("A", true), ("A::f", false), ("z", false)];
    assert_eq!(found, expected.map(|(n, e)| (n.to_string(), e)));
}
