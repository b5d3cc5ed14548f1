//! The shape of the code (ARCHITECTURE.md, "Shape of the code"): the top-level modules of `src/`
//! depend on each other without a cycle, the core never reaches the shells, and the core holds
//! no process-wide state. Read from the whole of each source file; a module's tests (the items
//! under a `#[cfg(test)]`) may use more. No source file is over 600 lines.
#![allow(clippy::unwrap_used)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The pure core: no terminal, files, clock or process-wide state.
const CORE: [&str; 10] = [
    "geom", "map", "fov", "path", "content", "mapgen", "sim", "bot", "rng", "fnv",
];

/// What the core must never use.
const SHELLS: [&str; 8] = [
    "ui", "persist", "mapfile", "files", "output", "botcli", "main", "net",
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

/// A file's whole text without comments and without the items under `#[cfg(test)]`: a
/// `mod tests;` line, or a block to its closing brace.
fn code(file: &Path) -> String {
    without_tests(&std::fs::read_to_string(file).unwrap())
}

/// `text` without comment lines and without each item that follows a `#[cfg(test)]`.
fn without_tests(text: &str) -> String {
    let mut out = Vec::new();
    let mut lines = text.lines().filter(|l| !l.trim_start().starts_with("//"));
    while let Some(line) = lines.next() {
        if line.trim() != "#[cfg(test)]" {
            out.push(line);
            continue;
        }
        // Skip the item: its attributes, then a line ending in `;`, or a block to the brace
        // that closes it.
        let mut depth = 0i32;
        for item in lines.by_ref() {
            let t = item.trim();
            if depth == 0 && t.starts_with("#[") {
                continue;
            }
            depth += t.matches('{').count() as i32 - t.matches('}').count() as i32;
            if depth <= 0 && (t.ends_with(';') || t.ends_with('}')) {
                break;
            }
        }
    }
    out.join("\n")
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
    // Test items are left out wherever they stand; the code after them is read.
    let text = "use crate::a;\n#[cfg(test)]\n#[path = \"t.rs\"]\nmod tests;\nuse crate::b;\n\
                #[cfg(test)]\nmod more {\n    use crate::c;\n    fn f() {}\n}\nuse crate::d;";
    let kept = without_tests(text);
    assert_eq!(
        uses(&kept),
        ["a", "b", "d"].iter().map(ToString::to_string).collect()
    );
    let mut g = BTreeMap::new();
    g.insert("a".to_string(), ["b".to_string()].into());
    g.insert("b".to_string(), ["a".to_string()].into());
    assert!(cycle(&g, "a", &mut Vec::new(), &mut BTreeSet::new()).is_some());
}

/// The tiling crate's sources, as text.
fn tiling_sources() -> Vec<(PathBuf, String)> {
    let mut all = Vec::new();
    files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tiling/src"),
        &mut all,
    );
    all.into_iter()
        .map(|f| {
            let text = without_tests(&std::fs::read_to_string(&f).unwrap());
            (f, text)
        })
        .collect()
}

#[test]
fn the_tiling_crate_knows_no_game_terminal_file_or_clock() {
    let manifest =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tiling/Cargo.toml"))
            .unwrap();
    let deps = manifest
        .split("[dependencies]")
        .nth(1)
        .and_then(|rest| rest.split("\n[").next())
        .unwrap();
    let names: BTreeSet<&str> = deps
        .lines()
        .filter_map(|l| l.split('=').next())
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .collect();
    assert_eq!(names, ["serde", "thiserror"].into_iter().collect());
    let sources = tiling_sources();
    assert!(sources.len() > 20, "the crate's files are read");
    for (file, text) in sources {
        for word in [
            "hexdeep::",
            "ratatui",
            "crossterm",
            "std::fs",
            "std::io",
            // A length of time (`Duration`) the game tells it is data; a clock is not.
            "Instant",
            "SystemTime",
            "std::env",
            "std::thread",
            "rand::",
        ] {
            assert!(!text.contains(word), "{} uses {word}", file.display());
        }
        if let Some(line) = text.lines().find(|l| holds_global(l)) {
            panic!(
                "{} holds process-wide state: {}",
                file.display(),
                line.trim()
            );
        }
    }
}

#[test]
fn no_test_of_the_sources_writes_to_the_system_temporary_folder() {
    // Unit tests make their files under `target/` (`files::scratch`), integration tests in
    // Cargo's `CARGO_TARGET_TMPDIR`, benchmarks under `target/bench-scratch`; whole files are
    // read, tests and all (this one aside, which names what it looks for).
    let all = every_source_file();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let this = root.join("tests/architecture.rs");
    for file in all.into_iter().filter(|f| *f != this) {
        let text = std::fs::read_to_string(&file).unwrap();
        assert!(
            !text.contains("env::temp_dir"),
            "{} uses the system's temporary folder",
            file.display()
        );
    }
}

/// Every Rust file of the game, the crate, their tests, benchmarks and examples.
fn every_source_file() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut all = Vec::new();
    for folder in [
        "src",
        "tiling/src",
        "tests",
        "benches",
        "tiling/tests",
        "tiling/examples",
        "examples",
    ] {
        if root.join(folder).is_dir() {
            files(&root.join(folder), &mut all);
        }
    }
    let counted = |dir: &str| all.iter().filter(|f| f.starts_with(root.join(dir))).count();
    assert!(
        counted("src") > 50 && counted("tiling/src") > 20 && counted("tests") > 20,
        "the sources are read"
    );
    all
}

/// The longest a source file may be, in lines (issue 30: a module per idea).
const MAX_FILE_LINES: usize = 600;

#[test]
fn no_source_file_is_over_six_hundred_lines() {
    let all = every_source_file();
    let long: Vec<String> = all
        .iter()
        .map(|f| (f, std::fs::read_to_string(f).unwrap().lines().count()))
        .filter(|&(_, n)| n > MAX_FILE_LINES)
        .map(|(f, n)| format!("{} ({n} lines)", f.display()))
        .collect();
    assert!(
        long.is_empty(),
        "files over {MAX_FILE_LINES} lines: {}",
        long.join(", ")
    );
}
