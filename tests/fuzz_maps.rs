//! Random mutations of the bundled maps and of a small Tiled map (truncation, flipped bytes,
//! inserted and deleted bytes, duplicated lines) never panic, and every error names the file.
#![allow(clippy::unwrap_used)]

use hexdeep::mapfile::{MapFileErrors, parse_hexmap, tiled};
use proptest::prelude::*;

fn bundled() -> Vec<Vec<u8>> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/maps");
    [
        "arena",
        "flooded_cave",
        "fortress",
        "square_keep",
        "thin_keep",
        "triangle_hall",
    ]
    .iter()
    .map(|n| std::fs::read(dir.join(format!("{n}.hexmap"))).unwrap())
    .collect()
}

const TMJ: &str = r#"{"orientation":"hexagonal","staggeraxis":"y","staggerindex":"odd",
"tilewidth":32,"tileheight":32,"hexsidelength":16,"width":3,"height":2,
"properties":[{"name":"depth","type":"int","value":2}],
"tilesets":[{"firstgid":1,"name":"t","tiles":[{"id":0,"type":"wall"},{"id":1,"class":"floor"}]}],
"layers":[{"type":"tilelayer","width":3,"height":2,"data":[1,2,2,2,2,1]},
{"type":"objectgroup","objects":[{"name":"hero","type":"player","x":48,"y":16}]}]}
"#;

const TMX: &str = r#"<?xml version="1.0"?>
<map orientation="hexagonal" staggeraxis="x" staggerindex="even" tilewidth="32" tileheight="32" hexsidelength="16" width="3" height="2">
 <tileset firstgid="1" name="t"><tile id="0" type="wall"/><tile id="1" class="floor"/></tileset>
 <layer width="3" height="2"><data encoding="csv">1,2,2,
2,2,1</data></layer>
 <objectgroup><object name="g" type="goblin" x="48" y="16"/></objectgroup>
</map>
"#;

/// One change to a file's bytes.
#[derive(Clone, Debug)]
enum Edit {
    Truncate(usize),
    Flip(usize, u8),
    Insert(usize, u8),
    Delete(usize),
    DuplicateLine(usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        any::<usize>().prop_map(Edit::Truncate),
        (any::<usize>(), 1..=255u8).prop_map(|(i, b)| Edit::Flip(i, b)),
        (any::<usize>(), any::<u8>()).prop_map(|(i, b)| Edit::Insert(i, b)),
        any::<usize>().prop_map(Edit::Delete),
        any::<usize>().prop_map(Edit::DuplicateLine),
    ]
}

fn apply(bytes: &mut Vec<u8>, e: &Edit) {
    let n = bytes.len();
    match *e {
        Edit::Truncate(i) => bytes.truncate(i % (n + 1)),
        Edit::Flip(i, b) if n > 0 => bytes[i % n] ^= b,
        Edit::Insert(i, b) => bytes.insert(i % (n + 1), b),
        Edit::Delete(i) if n > 0 => {
            bytes.remove(i % n);
        }
        Edit::DuplicateLine(i) => {
            let lines: Vec<&[u8]> = bytes.split_inclusive(|&b| b == b'\n').collect();
            if !lines.is_empty() {
                let k = i % lines.len();
                let mut out = Vec::with_capacity(n * 2);
                for (j, l) in lines.iter().enumerate() {
                    out.extend_from_slice(l);
                    if j == k {
                        out.extend_from_slice(l);
                    }
                }
                *bytes = out;
            }
        }
        _ => {}
    }
}

/// Every problem names the file it was found in.
fn named(
    result: Result<hexdeep::mapfile::Loaded, MapFileErrors>,
    file: &str,
) -> Result<(), String> {
    let problems = match result {
        Ok(loaded) => loaded.warnings,
        Err(errors) => errors.problems,
    };
    match problems
        .iter()
        .find(|p| p.file != file || !p.to_string().starts_with(file))
    {
        Some(p) => Err(format!("{p}")),
        None => Ok(()),
    }
}

fn no_files(name: &str) -> Result<Vec<u8>, String> {
    Err(format!("no file {name}"))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn mutated_bundled_maps_never_panic(which in 0usize..3, edits in proptest::collection::vec(edit(), 1..6)) {
        let mut bytes = bundled().swap_remove(which);
        for e in &edits {
            apply(&mut bytes, e);
        }
        let file = "mutated.hexmap";
        named(parse_hexmap(file, &bytes), file).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn mutated_tiled_maps_never_panic(json in any::<bool>(), edits in proptest::collection::vec(edit(), 1..6)) {
        let mut bytes = if json { TMJ } else { TMX }.as_bytes().to_vec();
        for e in &edits {
            apply(&mut bytes, e);
        }
        let (file, result) = if json {
            ("mutated.tmj", tiled::parse_tmj("mutated.tmj", &bytes, &no_files))
        } else {
            ("mutated.tmx", tiled::parse_tmx("mutated.tmx", &bytes, &no_files))
        };
        named(result, file).map_err(TestCaseError::fail)?;
    }
}

#[test]
fn the_unmutated_samples_load() {
    assert!(tiled::parse_tmj("s.tmj", TMJ.as_bytes(), &no_files).is_ok());
    assert!(tiled::parse_tmx("s.tmx", TMX.as_bytes(), &no_files).is_ok());
    for b in bundled() {
        assert!(parse_hexmap("b.hexmap", &b).is_ok());
    }
}
