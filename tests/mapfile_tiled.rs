//! Tiled import: every variant, generated here (no fixture files).
#![allow(clippy::unwrap_used)]

use base64::Engine as _;
use hexdeep::geom::Cell;
use hexdeep::map::{PlacementKind, Terrain};
use hexdeep::mapfile::tiled::{parse_tmj, parse_tmx};
use hexdeep::mapfile::{Loaded, MapFileErrors};
use proptest::prelude::*;
use std::io::Write;

/// GIDs of a 3 x 2 layer: wall, floor (property), stairs (type), untyped, floor, wall.
const GIDS: [u32; 6] = [1, 2, 3, 4, 2, 1];

const TSX: &str = r#"<tileset name="t" tilewidth="32" tileheight="32">
 <tile id="0" class="wall"/>
 <tile id="1"><properties><property name="terrain" value="floor"/></properties></tile>
 <tile id="2" type="stairs_down"/>
</tileset>"#;

fn no_files(name: &str) -> Result<Vec<u8>, String> {
    Err(format!("no file {name}"))
}

fn base64_of(gids: &[u32], compression: &str) -> String {
    let raw: Vec<u8> = gids.iter().flat_map(|g| g.to_le_bytes()).collect();
    let packed = match compression {
        "zlib" => {
            let mut e = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
            e.write_all(&raw).unwrap();
            e.finish().unwrap()
        }
        "gzip" => {
            let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
            e.write_all(&raw).unwrap();
            e.finish().unwrap()
        }
        _ => raw,
    };
    base64::engine::general_purpose::STANDARD.encode(packed)
}

struct Tmx<'a> {
    axis: &'a str,
    index: &'a str,
    data: String,
    tileset: String,
    infinite: bool,
}

fn csv_data(gids: &[u32]) -> String {
    let s: Vec<String> = gids.iter().map(ToString::to_string).collect();
    format!("<data encoding=\"csv\">{}</data>", s.join(","))
}

fn tmx(t: &Tmx<'_>) -> String {
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="hexagonal" width="3" height="2" tilewidth="32" tileheight="32" hexsidelength="16" staggeraxis="{}" staggerindex="{}" infinite="{}">
 {}
 <layer id="1" name="ground" width="3" height="2">{}</layer>
 <objectgroup id="2">
  <object id="1" name="hero" type="player" x="{}" y="{}"><point/></object>
  <object id="2" name="g" class="goblin" x="{}" y="{}"><point/></object>
  <object id="3" name="chest" type="chest" x="16" y="16"/>
 </objectgroup>
</map>"#,
        t.axis,
        t.index,
        u8::from(t.infinite),
        t.tileset,
        t.data,
        centre(t.axis, t.index, 1, 0).0,
        centre(t.axis, t.index, 1, 0).1,
        centre(t.axis, t.index, 0, 0).0,
        centre(t.axis, t.index, 0, 0).1,
    )
}

/// The pixel centre of a tile in Tiled's hexagonal layout with 32 x 32 tiles and sides of 16:
/// the staggered rows (columns) shift by half a tile, and rows (columns) are (32 + 16) / 2 apart.
fn centre(axis: &str, index: &str, col: i32, row: i32) -> (i32, i32) {
    let staggered = |s: i32| (s.rem_euclid(2) == 1) == (index == "odd");
    if axis == "y" {
        (
            col * 32 + if staggered(row) { 16 } else { 0 } + 16,
            row * 24 + 16,
        )
    } else {
        (
            col * 24 + 16,
            row * 32 + if staggered(col) { 16 } else { 0 } + 16,
        )
    }
}

fn embedded() -> String {
    TSX.replacen("<tileset ", "<tileset firstgid=\"1\" ", 1)
}

fn simple(axis: &str, index: &str, data: String) -> Result<Loaded, MapFileErrors> {
    let text = tmx(&Tmx {
        axis,
        index,
        data,
        tileset: embedded(),
        infinite: false,
    });
    parse_tmx("m.tmx", text.as_bytes(), &no_files)
}

/// The hex of tile (col, row) by the issue's formula, written out independently.
fn expected(axis: &str, index: &str, col: i32, row: i32) -> Cell {
    let f = |s: i32| {
        if index == "odd" {
            (s + 1).div_euclid(2)
        } else {
            s.div_euclid(2)
        }
    };
    if axis == "y" {
        Cell::new(col + f(row), row)
    } else {
        Cell::new(col, row + f(col))
    }
}

fn check_layout(loaded: &Loaded, axis: &str, index: &str) {
    let level = &loaded.level;
    assert_eq!(level.terrain.len(), 6);
    let terrains = [
        Terrain::Wall,
        Terrain::Floor,
        Terrain::StairsDown,
        Terrain::Floor,
        Terrain::Floor,
        Terrain::Wall,
    ];
    for (i, t) in terrains.iter().enumerate() {
        let h = expected(axis, index, (i % 3) as i32, (i / 3) as i32);
        assert_eq!(
            level.terrain_at(h),
            Some(*t),
            "{axis} {index} tile {i} at {h}"
        );
    }
    assert_eq!(level.start, Some(expected(axis, index, 1, 0)));
    assert_eq!(level.placements.len(), 1);
    assert_eq!(
        level.placements[0].kind,
        PlacementKind::Monster("goblin".into())
    );
    assert_eq!(level.placements[0].at, expected(axis, index, 0, 0));
    let w: Vec<String> = loaded.warnings.iter().map(ToString::to_string).collect();
    assert!(
        w.iter().any(|w| w.contains("1 tiles have no terrain")),
        "{w:?}"
    );
    assert!(
        w.iter()
            .any(|w| w.contains("\"chest\"") && w.contains("ignored")),
        "{w:?}"
    );
}

#[test]
fn both_stagger_axes_and_indices_in_csv() {
    for axis in ["x", "y"] {
        for index in ["odd", "even"] {
            let loaded = simple(axis, index, csv_data(&GIDS)).unwrap();
            check_layout(&loaded, axis, index);
        }
    }
}

#[test]
fn base64_plain_zlib_and_gzip() {
    for comp in ["", "zlib", "gzip"] {
        let attr = if comp.is_empty() {
            String::new()
        } else {
            format!(" compression=\"{comp}\"")
        };
        let data = format!(
            "<data encoding=\"base64\"{attr}>\n {}\n</data>",
            base64_of(&GIDS, comp)
        );
        check_layout(&simple("y", "odd", data).unwrap(), "y", "odd");
    }
}

#[test]
fn zstd_and_wrong_sizes_are_clear_errors() {
    let data = format!(
        "<data encoding=\"base64\" compression=\"zstd\">{}</data>",
        base64_of(&GIDS, "")
    );
    let e = simple("y", "odd", data).unwrap_err();
    assert!(
        e.to_string().contains("zstd compression is not supported"),
        "{e}"
    );
    let data = format!(
        "<data encoding=\"base64\" compression=\"zlib\">{}</data>",
        base64_of(&GIDS[..5], "zlib")
    );
    let e = simple("y", "odd", data).unwrap_err();
    assert!(
        e.to_string().contains("expected width x height x 4 = 24"),
        "{e}"
    );
    // A bomb: far more zeros than the layer needs is cut short and refused by size.
    let data = format!(
        "<data encoding=\"base64\" compression=\"gzip\">{}</data>",
        base64_of(&vec![0; 1 << 20], "gzip")
    );
    assert!(simple("y", "odd", data).is_err());
}

#[test]
fn flipped_gids_keep_their_tile() {
    let flipped: Vec<u32> = GIDS
        .iter()
        .enumerate()
        .map(|(i, g)| {
            g | [
                0x8000_0000,
                0x4000_0000,
                0x2000_0000,
                0x1000_0000,
                0xF000_0000,
                0,
            ][i]
        })
        .collect();
    check_layout(&simple("x", "odd", csv_data(&flipped)).unwrap(), "x", "odd");
}

#[test]
fn infinite_maps_with_negative_chunks() {
    // Two chunks: columns -2..0 of row -1 (one stairs tile), and the usual 3 x 2 at (0, 0).
    let data = format!(
        "<data encoding=\"csv\"><chunk x=\"-2\" y=\"-1\" width=\"2\" height=\"1\">0,3</chunk><chunk x=\"0\" y=\"0\" width=\"3\" height=\"2\">{}</chunk></data>",
        GIDS.map(|g| g.to_string()).join(",")
    );
    for index in ["odd", "even"] {
        let text = tmx(&Tmx {
            axis: "y",
            index,
            data: data.clone(),
            tileset: embedded(),
            infinite: true,
        });
        let level = parse_tmx("m.tmx", text.as_bytes(), &no_files)
            .unwrap()
            .level;
        assert_eq!(level.terrain.len(), 7);
        assert_eq!(
            level.terrain_at(expected("y", index, -1, -1)),
            Some(Terrain::StairsDown)
        );
    }
}

#[test]
fn external_tilesets_resolve_through_the_map_folder_only() {
    let text = tmx(&Tmx {
        axis: "y",
        index: "odd",
        data: csv_data(&GIDS),
        tileset: "<tileset firstgid=\"1\" source=\"t.tsx\"/>".into(),
        infinite: false,
    });
    let resolve = |name: &str| {
        if name == "t.tsx" {
            Ok(TSX.as_bytes().to_vec())
        } else {
            Err("missing".to_owned())
        }
    };
    check_layout(
        &parse_tmx("m.tmx", text.as_bytes(), &resolve).unwrap(),
        "y",
        "odd",
    );
    let sneaky = text.replace("t.tsx", "../secret/t.tsx");
    let e = parse_tmx("m.tmx", sneaky.as_bytes(), &resolve).unwrap_err();
    assert!(e.to_string().contains("inside the map's folder"), "{e}");
}

fn tmj(compression: Option<&str>, infinite: bool, external: bool) -> String {
    let data = match compression {
        None => serde_json::json!(GIDS),
        Some(c) => serde_json::json!(base64_of(&GIDS, c)),
    };
    let mut layer = serde_json::json!({"type": "tilelayer", "width": 3, "height": 2});
    if infinite {
        layer["chunks"] =
            serde_json::json!([{"x": 0, "y": 0, "width": 3, "height": 2, "data": data}]);
    } else {
        layer["data"] = data;
    }
    if let Some(c) = compression {
        layer["encoding"] = "base64".into();
        layer["compression"] = if c.is_empty() { "".into() } else { c.into() };
    }
    let tileset = if external {
        serde_json::json!({"firstgid": 1, "source": "t.tsj"})
    } else {
        serde_json::json!({"firstgid": 1, "name": "t", "tiles": tsj_tiles()})
    };
    serde_json::json!({
        "orientation": "hexagonal", "staggeraxis": "x", "staggerindex": "even",
        "tilewidth": 32, "tileheight": 32, "hexsidelength": 16, "infinite": infinite,
        "width": 3, "height": 2, "tilesets": [tileset],
        "layers": [layer, {"type": "objectgroup", "objects": [
            {"name": "hero", "type": "player", "x": centre("x", "even", 1, 0).0, "y": centre("x", "even", 1, 0).1, "point": true},
            {"name": "g", "type": "", "class": "goblin", "x": centre("x", "even", 0, 0).0, "y": centre("x", "even", 0, 0).1},
            {"name": "chest", "type": "chest", "x": 1, "y": 1}
        ]}]
    })
    .to_string()
}

fn tsj_tiles() -> serde_json::Value {
    serde_json::json!([
        {"id": 0, "type": "wall"},
        {"id": 1, "properties": [{"name": "terrain", "type": "string", "value": "floor"}]},
        {"id": 2, "class": "stairs_down"}
    ])
}

#[test]
fn json_maps_of_every_encoding() {
    for comp in [None, Some(""), Some("zlib"), Some("gzip")] {
        for infinite in [false, true] {
            let loaded =
                parse_tmj("m.tmj", tmj(comp, infinite, false).as_bytes(), &no_files).unwrap();
            check_layout(&loaded, "x", "even");
        }
    }
    let tsj = serde_json::json!({"name": "t", "tiles": tsj_tiles()}).to_string();
    let resolve = move |name: &str| {
        if name == "t.tsj" {
            Ok(tsj.as_bytes().to_vec())
        } else {
            Err("missing".to_owned())
        }
    };
    check_layout(
        &parse_tmj("m.tmj", tmj(None, false, true).as_bytes(), &resolve).unwrap(),
        "x",
        "even",
    );
}

#[test]
fn bad_json_and_xml_give_positions() {
    let e = parse_tmj("m.tmj", b"{\n  \"orientation\": ,\n}", &no_files).unwrap_err();
    assert_eq!(e.problems[0].at.map(|p| p.0), Some(2));
    let e = parse_tmx("m.tmx", b"<map>\n<layer></map>", &no_files).unwrap_err();
    assert!(e.problems[0].at.is_some(), "{e}");
    let square = tmx(&Tmx {
        axis: "y",
        index: "odd",
        data: csv_data(&GIDS),
        tileset: embedded(),
        infinite: false,
    })
    .replace("hexagonal", "isometric");
    let e = parse_tmx("m.tmx", square.as_bytes(), &no_files).unwrap_err();
    assert!(
        e.to_string()
            .contains("orientation \"isometric\": expected \"hexagonal\" or \"orthogonal\""),
        "{e}"
    );
}

/// An orthogonal `.tmx` of the 3 x 2 layer `data`, with tiles `w` x `h` pixels, the player
/// at pixel `(px, py)` and a goblin at `(gx, gy)`.
fn orthogonal(data: &str, (px, py): (f64, f64), (gx, gy): (f64, f64)) -> String {
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" width="3" height="2" tilewidth="24" tileheight="16">
 {}
 <layer id="1" name="ground" width="3" height="2">{data}</layer>
 <objectgroup id="2">
  <object id="1" name="hero" type="player" x="{px}" y="{py}"><point/></object>
  <object id="2" name="g" class="goblin" x="{gx}" y="{gy}"><point/></object>
 </objectgroup>
</map>"#,
        embedded()
    )
}

#[test]
fn orthogonal_maps_import_as_square_maps() {
    // Layer: wall floor stairs / untyped floor wall. The player in the middle of the top
    // row's second tile (24..48 x 0..16), the goblin just inside the bottom-left tile.
    let text = orthogonal(&csv_data(&GIDS), (36.0, 8.0), (1.0, 31.0));
    let loaded = parse_tmx("m.tmx", text.as_bytes(), &no_files).unwrap();
    let level = &loaded.level;
    assert_eq!(level.terrain.tiling(), hexdeep::geom::Tiling::Square);
    assert_eq!(level.terrain.len(), 6);
    assert_eq!(level.terrain_at(Cell::new(0, 0)), Some(Terrain::Wall));
    assert_eq!(level.terrain_at(Cell::new(1, 0)), Some(Terrain::Floor));
    assert_eq!(level.terrain_at(Cell::new(2, 0)), Some(Terrain::StairsDown));
    assert_eq!(level.terrain_at(Cell::new(0, 1)), Some(Terrain::Floor));
    assert_eq!(level.terrain_at(Cell::new(2, 1)), Some(Terrain::Wall));
    assert_eq!(level.start, Some(Cell::new(1, 0)));
    assert_eq!(level.placements[0].at, Cell::new(0, 1));
    // The untyped tile is read as floor, with the same warning as on hexagonal maps.
    assert!(
        loaded
            .warnings
            .iter()
            .any(|w| w.message.contains("1 tiles have no terrain type")),
        "{:?}",
        loaded.warnings
    );

    // The same map as JSON.
    let tmj = serde_json::json!({
        "orientation": "orthogonal", "tilewidth": 24, "tileheight": 16, "width": 3, "height": 2,
        "tilesets": [{"firstgid": 1, "name": "t", "tiles": tsj_tiles()}],
        "layers": [
            {"type": "tilelayer", "width": 3, "height": 2, "data": GIDS},
            {"type": "objectgroup", "objects": [{"name": "hero", "type": "player", "x": 36, "y": 8}]}
        ]
    })
    .to_string();
    let level = parse_tmj("m.tmj", tmj.as_bytes(), &no_files).unwrap().level;
    assert_eq!(level.terrain.tiling(), hexdeep::geom::Tiling::Square);
    assert_eq!(level.start, Some(Cell::new(1, 0)));
}

#[test]
fn orthogonal_maps_keep_the_limits_and_messages_of_hexagonal_ones() {
    // An object on no tile, a second player, a chunk beyond the coordinate limit.
    let text = orthogonal(&csv_data(&GIDS), (36.0, 8.0), (-1e12, 0.0));
    let e = parse_tmx("m.tmx", text.as_bytes(), &no_files).unwrap_err();
    assert!(e.to_string().contains("lies on no tile"), "{e}");
    let text = orthogonal(&csv_data(&GIDS), (36.0, 8.0), (1.0, 31.0))
        .replace("class=\"goblin\"", "type=\"player\"");
    let e = parse_tmx("m.tmx", text.as_bytes(), &no_files).unwrap_err();
    assert!(
        e.to_string().contains(
            "a second player object at (0, 1): expected only one (the first is at (1, 0))"
        ),
        "{e}"
    );
    let far = "<data encoding=\"csv\"><chunk x=\"4194304\" y=\"0\" width=\"1\" height=\"1\">2</chunk></data>";
    let text = orthogonal(far, (36.0, 8.0), (1.0, 31.0));
    let e = parse_tmx("m.tmx", text.as_bytes(), &no_files).unwrap_err();
    assert!(
        e.to_string()
            .contains("tile at column 4194304, row 0 is beyond the coordinate limit"),
        "{e}"
    );
}

proptest! {
    #[test]
    fn mutated_tiled_files_never_panic(edits in proptest::collection::vec((0usize..2000, any::<u8>()), 1..6), json in any::<bool>()) {
        let mut bytes = if json {
            tmj(Some("zlib"), true, false).into_bytes()
        } else {
            tmx(&Tmx { axis: "y", index: "odd", data: csv_data(&GIDS), tileset: embedded(), infinite: false }).into_bytes()
        };
        for (i, b) in edits {
            let i = i % bytes.len();
            bytes[i] = b;
        }
        let _ = if json { parse_tmj("m.tmj", &bytes, &no_files) } else { parse_tmx("m.tmx", &bytes, &no_files) };
    }

    #[test]
    fn random_bytes_never_panic_in_tiled(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        let _ = parse_tmx("r.tmx", &bytes, &no_files);
        let _ = parse_tmj("r.tmj", &bytes, &no_files);
    }
}

#[test]
fn json_read_and_build_errors_name_a_line_and_column() {
    let map = |layer: &str, firstgid: &str| {
        format!(
            "{{\"orientation\": \"hexagonal\", \"tilewidth\": 32, \"tileheight\": 32,\n\
             \"tilesets\": [{{\"firstgid\": {firstgid}, \"name\": \"t\"}}],\n\
             \"layers\": [\n  {layer},\n  {{\"type\": \"objectgroup\", \"objects\": [\n    {{\"name\": \"x\", \"type\": \"player\", \"x\": 1e9, \"y\": 1e9}}]}}]}}\n"
        )
    };
    let good = r#"{"type": "tilelayer", "width": 2, "height": 1, "data": [1, 1]}"#;
    let cases = [
        // A GID of no tileset: at the layer.
        (
            map(good, "5"),
            "m.tmj:4:3: error: the tile at column 0, row 0 has GID 1, which belongs to no tileset",
        ),
        // A wrong count of GIDs: at the layer.
        (
            map(
                r#"{"type": "tilelayer", "width": 3, "height": 1, "data": [1, 1]}"#,
                "1",
            ),
            "m.tmj:4:3: error: the layer data has 2 GIDs",
        ),
        // A negative firstgid: at its tileset.
        (map(good, "-1"), "m.tmj:2:14: error: firstgid -1"),
        // An object on no tile: at the object.
        (map(good, "1"), "m.tmj:6:5: error: object \"x\""),
    ];
    for (text, wanted) in cases {
        let e = parse_tmj("m.tmj", text.as_bytes(), &no_files)
            .unwrap_err()
            .to_string();
        assert!(e.contains(wanted), "{wanted}\n{e}\n{text}");
    }
}

#[test]
fn a_json_error_at_the_end_of_the_file_has_a_column() {
    for text in ["{\n", "{\"layers\": [\n\n"] {
        let e = parse_tmj("m.tmj", text.as_bytes(), &no_files)
            .unwrap_err()
            .to_string();
        assert!(!e.contains(":0:") && !e.contains("column 0"), "{e}");
        assert!(e.starts_with("m.tmj:"), "{e}");
    }
}
