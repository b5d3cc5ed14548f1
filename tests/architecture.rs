//! The shape of the code (ARCHITECTURE.md, "Shape of the code"): the top-level modules of `src/`
//! depend on each other without a cycle, the core never reaches the shells, and the core holds
//! no process-wide state. Read from the sources themselves; a module's tests (after its
//! `#[cfg(test)]`) may use more.
#![allow(clippy::unwrap_used)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The pure core: no terminal, files, clock or process-wide state.
const CORE: [&str; 10] = [
    "geom", "map", "fov", "path", "content", "mapgen", "sim", "bot", "rng", "fnv",
];

/// What the core must never use.
const SHELLS: [&str; 7] = [
    "ui", "persist", "mapfile", "files", "output", "botcli", "main",
];

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every `.rs` file under `dir`.
fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The top-level module a file belongs to (`src/sim/world/mod.rs` is `sim`).
fn module_of(file: &Path) -> String {
    let rel = file.strip_prefix(src()).unwrap();
    let first = rel
        .components()
        .next()
        .unwrap()
        .as_os_str()
        .to_string_lossy();
    first.trim_end_matches(".rs").to_string()
}

/// A file's text before its first `#[cfg(test)]`, without comments.
fn code(file: &Path) -> String {
    let text = std::fs::read_to_string(file).unwrap();
    let text = text.split("#[cfg(test)]").next().unwrap_or("");
    text.lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The modules a text names as `crate::NAME`.
fn uses(text: &str) -> BTreeSet<String> {
    text.match_indices("crate::")
        .map(|(i, m)| {
            text[i + m.len()..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect::<String>()
        })
        .filter(|name| !name.is_empty())
        .collect()
}

/// Module → the modules it uses.
fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let mut all = Vec::new();
    files(&src(), &mut all);
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in all {
        let from = module_of(&file);
        let to = uses(&code(&file));
        let entry = graph.entry(from.clone()).or_default();
        entry.extend(to.into_iter().filter(|m| *m != from));
    }
    graph
}

/// A cycle through `at`, if there is one reachable from it.
fn cycle(
    graph: &BTreeMap<String, BTreeSet<String>>,
    at: &str,
    path: &mut Vec<String>,
    done: &mut BTreeSet<String>,
) -> Option<Vec<String>> {
    if let Some(k) = path.iter().position(|m| m == at) {
        let mut found = path[k..].to_vec();
        found.push(at.to_string());
        return Some(found);
    }
    if done.contains(at) {
        return None;
    }
    path.push(at.to_string());
    for next in graph.get(at).into_iter().flatten() {
        if let Some(c) = cycle(graph, next, path, done) {
            return Some(c);
        }
    }
    path.pop();
    done.insert(at.to_string());
    None
}

#[test]
fn the_modules_have_no_cycle() {
    let graph = graph();
    assert!(graph.contains_key("sim") && graph["sim"].contains("content"));
    let mut done = BTreeSet::new();
    for module in graph.keys() {
        if let Some(c) = cycle(&graph, module, &mut Vec::new(), &mut done) {
            panic!("a module cycle: {}", c.join(" -> "));
        }
    }
}

#[test]
fn the_core_never_uses_a_shell_and_sim_never_uses_mapgen() {
    let graph = graph();
    for core in CORE {
        let used = graph.get(core).cloned().unwrap_or_default();
        for shell in SHELLS {
            assert!(!used.contains(shell), "{core} uses {shell}");
        }
    }
    assert!(!graph["sim"].contains("mapgen"), "sim uses mapgen");
    assert!(!graph["content"].contains("sim"), "content uses sim");
}

#[test]
fn the_core_holds_no_process_wide_state() {
    let mut all = Vec::new();
    files(&src(), &mut all);
    for file in all {
        if !CORE.contains(&module_of(&file).as_str()) {
            continue;
        }
        let text = code(&file);
        if let Some(line) = text.lines().find(|l| holds_global(l)) {
            panic!(
                "{} holds process-wide state: {}",
                file.display(),
                line.trim()
            );
        }
    }
}

/// Whether a line declares process-wide state: a `static` item (a lifetime `'static` is no
/// item) or a thread-local.
fn holds_global(line: &str) -> bool {
    let words: Vec<&str> = line.split_whitespace().collect();
    let declares = words
        .iter()
        .position(|w| *w == "static")
        .is_some_and(|i| i == 0 || matches!(words[i - 1], "pub" | "pub(crate)" | "pub(super)"));
    declares || line.contains("thread_local!") || line.contains("lazy_static!")
}

#[test]
fn the_checks_see_what_they_look_for() {
    assert!(holds_global(
        "static TREES: Mutex<Vec<u8>> = Mutex::new(Vec::new());"
    ));
    assert!(holds_global("    pub static X: u8 = 1;"));
    assert!(holds_global("thread_local! { static Y: u8 = 1 }"));
    assert!(!holds_global("fn names() -> Vec<&'static str> {"));
    assert!(!holds_global("    trees: Box<[OnceLock<FovTree>]>,"));
    assert_eq!(
        uses("use crate::sim::World; crate::mapgen::generate(x)"),
        ["mapgen", "sim"].iter().map(ToString::to_string).collect()
    );
    let mut g = BTreeMap::new();
    g.insert("a".to_string(), ["b".to_string()].into());
    g.insert("b".to_string(), ["a".to_string()].into());
    assert!(cycle(&g, "a", &mut Vec::new(), &mut BTreeSet::new()).is_some());
}
