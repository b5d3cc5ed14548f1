//! Tiled maps as map makers draw them: walls from collision properties, from layers named
//! for walls, and from `--terrain`; tile ids no tileset holds; a map read from its own
//! folder. The maps are small ones written here in the shapes of public ones (Tiled's own
//! examples, a sokoban level with an external tileset and three layers, a game's `.tmj`).
#![allow(clippy::unwrap_used)]

#[path = "support/cli.rs"]
mod cli;
use hexdeep::geom::Cell;
use hexdeep::map::Terrain;
use hexdeep::mapfile::tiled::{parse_tmj, parse_tmx, parse_tmx_with};
use hexdeep::mapfile::{Loaded, MapFileErrors, TerrainMap};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

fn no_files(name: &str) -> Result<Vec<u8>, String> {
    Err(format!("no file {name}"))
}

/// An orthogonal `.tmx` of `w` by `h` tiles with `tilesets` and one CSV layer per
/// `(name, gids)`.
fn tmx(w: usize, h: usize, tilesets: &str, layers: &[(&str, &[u32])]) -> String {
    let mut out = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<map version=\"1.10\" \
         orientation=\"orthogonal\" width=\"{w}\" height=\"{h}\" tilewidth=\"16\" \
         tileheight=\"16\">\n{tilesets}\n"
    );
    for (name, gids) in layers {
        let rows: Vec<String> = gids
            .chunks(w)
            .map(|r| r.iter().map(u32::to_string).collect::<Vec<_>>().join(","))
            .collect();
        let _ = write!(
            out,
            " <layer name=\"{name}\" width=\"{w}\" height=\"{h}\">\n  <data encoding=\"csv\">\n{}\n</data>\n </layer>\n",
            rows.join(",\n")
        );
    }
    out.push_str("</map>\n");
    out
}

/// A 5 by 4 room: GID 2 round the edge, 1 inside.
const ROOM: [u32; 20] = [2, 2, 2, 2, 2, 2, 1, 1, 1, 2, 2, 1, 1, 1, 2, 2, 2, 2, 2, 2];

fn terrain_at(loaded: &Loaded, x: i32, y: i32) -> Terrain {
    loaded.level.terrain_at(Cell::new(x, y)).unwrap()
}

fn walls(loaded: &Loaded) -> usize {
    loaded
        .level
        .terrain
        .iter()
        .filter(|(_, t)| **t == Terrain::Wall)
        .count()
}

#[test]
fn a_true_collision_property_makes_a_wall() {
    for name in [
        "collides",
        "Collision",
        "solid",
        "blocked",
        "wall",
        "collidable",
    ] {
        let tileset = format!(
            "<tileset firstgid=\"1\" name=\"t\" tilewidth=\"16\" tileheight=\"16\" tilecount=\"4\" columns=\"2\">\
             <image source=\"t.png\" width=\"32\" height=\"32\"/>\
             <tile id=\"1\"><properties><property name=\"{name}\" type=\"bool\" value=\"true\"/></properties></tile>\
             <tile id=\"2\"><properties><property name=\"{name}\" type=\"bool\" value=\"false\"/></properties></tile>\
             </tileset>"
        );
        let text = tmx(5, 4, &tileset, &[("ground", &ROOM)]);
        let loaded = parse_tmx("m.tmx", text.as_bytes(), &no_files).unwrap();
        assert_eq!(walls(&loaded), 14, "{name}");
        assert_eq!(terrain_at(&loaded, 1, 1), Terrain::Floor);
        // A false one says nothing.
        let off = text.replace("<data encoding=\"csv\">\n2", "<data encoding=\"csv\">\n3");
        let loaded = parse_tmx("m.tmx", off.as_bytes(), &no_files).unwrap();
        assert_eq!(terrain_at(&loaded, 0, 0), Terrain::Floor, "{name}");
    }
}

#[test]
fn a_game_tmj_with_boolean_properties_has_its_walls() {
    let map = serde_json::json!({
        "orientation": "orthogonal", "tilewidth": 16, "tileheight": 16, "width": 5, "height": 4,
        "tilesets": [{"firstgid": 1, "name": "dungeon", "tilecount": 4, "columns": 2,
            "image": "d.png", "imagewidth": 32, "imageheight": 32, "tilewidth": 16, "tileheight": 16,
            "tiles": [{"id": 1, "properties": [{"name": "collides", "type": "bool", "value": true}]}]}],
        "layers": [{"type": "tilelayer", "name": "floor", "width": 5, "height": 4, "data": ROOM}]
    });
    let loaded = parse_tmj("m.tmj", map.to_string().as_bytes(), &no_files).unwrap();
    assert_eq!(walls(&loaded), 14);
}

/// A sokoban level: an external tileset, then three layers: ground everywhere, a layer of
/// walls named so, and boxes drawn over the ground.
fn sokoban() -> String {
    let ground = [1u32; 20];
    let walls: Vec<u32> = ROOM.iter().map(|&g| if g == 2 { 5 } else { 0 }).collect();
    let mut boxes = [0u32; 20];
    boxes[7] = 9;
    tmx(
        5,
        4,
        "<tileset firstgid=\"1\" source=\"map_tileset.tsx\"/>",
        &[("Ground", &ground), ("Walls", &walls), ("Boxes", &boxes)],
    )
}

const SOKOBAN_TILESET: &str = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
<tileset version=\"1.10\" name=\"map_tileset\" tilewidth=\"16\" tileheight=\"16\" tilecount=\"25\" columns=\"5\">\n\
 <image source=\"map.png\" width=\"80\" height=\"80\"/>\n</tileset>\n";

#[test]
fn a_layer_named_for_walls_makes_walls_that_later_layers_keep() {
    let resolve = |name: &str| {
        if name == "map_tileset.tsx" {
            Ok(SOKOBAN_TILESET.as_bytes().to_vec())
        } else {
            Err("missing".to_owned())
        }
    };
    let loaded = parse_tmx("level0.tmx", sokoban().as_bytes(), &resolve).unwrap();
    assert_eq!(walls(&loaded), 14);
    assert_eq!(
        terrain_at(&loaded, 2, 1),
        Terrain::Floor,
        "a box on the ground"
    );
    // A decoration layer over a wall says nothing of it: the wall stays.
    let walls_layer: Vec<u32> = ROOM.iter().map(|&g| if g == 2 { 5 } else { 0 }).collect();
    let mut decor = [0u32; 20];
    decor[0] = 9;
    let text = tmx(
        5,
        4,
        "<tileset firstgid=\"1\" source=\"map_tileset.tsx\"/>",
        &[
            ("Ground", &[1u32; 20]),
            ("Walls", &walls_layer),
            ("Decor", &decor),
        ],
    );
    let loaded = parse_tmx("level0.tmx", text.as_bytes(), &resolve).unwrap();
    assert_eq!(terrain_at(&loaded, 0, 0), Terrain::Wall);
    assert_eq!(walls(&loaded), 14);
    for layer in ["Collision", "walls", "collision_layer", "Solid"] {
        let renamed = sokoban().replace("\"Walls\"", &format!("\"{layer}\""));
        let loaded = parse_tmx("level0.tmx", renamed.as_bytes(), &resolve).unwrap();
        assert_eq!(walls(&loaded), 14, "{layer}");
    }
    let plain = sokoban().replace("\"Walls\"", "\"Layer 2\"");
    let loaded = parse_tmx("level0.tmx", plain.as_bytes(), &resolve).unwrap();
    assert_eq!(walls(&loaded), 0);
}

#[test]
fn terrain_given_by_id_tileset_and_class_names_walls_in_a_map_that_says_nothing() {
    // Tiled's sewers example: a tileset of one image, no tile described, two layers.
    let tileset = "<tileset firstgid=\"1\" name=\"sewer_tileset\" tilewidth=\"16\" tileheight=\"16\">\
                   <image source=\"sewer_tileset.png\" trans=\"#ff00ff\"/>\
                   <tile id=\"3\" type=\"Rock\"/></tileset>";
    let mut top = [0u32; 20];
    top[6] = 4;
    let text = tmx(5, 4, tileset, &[("Bottom", &ROOM), ("Top", &top)]);
    let plain = parse_tmx("sewers.tmx", text.as_bytes(), &no_files).unwrap();
    assert_eq!(walls(&plain), 0);
    let said = plain
        .warnings
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("\n");
    assert!(
        said.contains("20 tiles have no terrain type, class or property and are read as floor (tile ids 0, 1 and 3 of tileset \"sewer_tileset\")"),
        "{said}"
    );
    for given in ["1=wall", "sewer_tileset:1=wall"] {
        let terrain = TerrainMap::parse(given).unwrap();
        let loaded = parse_tmx_with("sewers.tmx", text.as_bytes(), &no_files, &terrain).unwrap();
        assert_eq!(walls(&loaded), 14, "{given}");
    }
    // The class of GID 4 (id 3), drawn over a floor tile: deep water by --terrain.
    let terrain = TerrainMap::parse("1=wall,rock=deep_water").unwrap();
    let loaded = parse_tmx_with("sewers.tmx", text.as_bytes(), &no_files, &terrain).unwrap();
    assert_eq!(terrain_at(&loaded, 1, 1), Terrain::DeepWater);
    // An entry that names no tile is said.
    let terrain = TerrainMap::parse("1=wall,other:1=wall,17=brush").unwrap();
    let loaded = parse_tmx_with("sewers.tmx", text.as_bytes(), &no_files, &terrain).unwrap();
    let said: Vec<String> = loaded.warnings.iter().map(ToString::to_string).collect();
    for entry in ["other:1=wall", "17=brush"] {
        let want = format!("--terrain {entry}: no tile of the map is named so");
        assert!(said.iter().any(|w| w.contains(&want)), "{said:?}");
    }
}

#[test]
fn a_tile_id_no_tileset_holds_is_an_error_naming_its_layer_and_cell() {
    // Tiled's desert: a tileset of 48 tiles by its image (265 x 199, tiles of 32 with a
    // margin and spacing of 1) and no tile count.
    let tileset = "<tileset firstgid=\"1\" name=\"Desert\" tilewidth=\"32\" tileheight=\"32\" spacing=\"1\" margin=\"1\">\
                   <image source=\"d.png\" width=\"265\" height=\"199\"/></tileset>";
    let mut ground = [30u32; 20];
    ground[13] = 49;
    let text = tmx(5, 4, tileset, &[("Ground", &ground)]);
    let e: MapFileErrors = parse_tmx("desert.tmx", text.as_bytes(), &no_files).unwrap_err();
    let said = e.to_string();
    assert!(
        said.contains("layer \"Ground\": the tile at column 3, row 2 has GID 49, which no tileset defines (tileset \"Desert\" holds GIDs 1 to 48)"),
        "{said}"
    );
    assert!(said.starts_with("desert.tmx:"), "{said}");
    ground[13] = 48;
    let text = tmx(5, 4, tileset, &[("Ground", &ground)]);
    assert!(parse_tmx("desert.tmx", text.as_bytes(), &no_files).is_ok());
    // A tile count says it too, and an image collection holds the tiles it lists.
    let counted = "<tileset firstgid=\"1\" name=\"t\" tilecount=\"2\" columns=\"2\"><image source=\"t.png\"/></tileset>";
    let text = tmx(5, 4, counted, &[("ground", &ROOM.map(|g| g + 1))]);
    let said = parse_tmx("m.tmx", text.as_bytes(), &no_files)
        .unwrap_err()
        .to_string();
    assert!(
        said.contains("layer \"ground\": the tile at column 0, row 0 has GID 3"),
        "{said}"
    );
    let collection = "<tileset firstgid=\"1\" name=\"c\" columns=\"0\" tilecount=\"2\">\
                      <tile id=\"0\"><image source=\"a.png\"/></tile>\
                      <tile id=\"4\"><image source=\"b.png\"/></tile></tileset>";
    let text = tmx(
        5,
        4,
        collection,
        &[("ground", &ROOM.map(|g| if g == 2 { 5 } else { 1 }))],
    );
    assert!(parse_tmx("m.tmx", text.as_bytes(), &no_files).is_ok());
    let text = tmx(5, 4, collection, &[("ground", &ROOM)]);
    let said = parse_tmx("m.tmx", text.as_bytes(), &no_files)
        .unwrap_err()
        .to_string();
    assert!(
        said.contains("has GID 2, which no tileset defines"),
        "{said}"
    );
}

#[test]
fn a_map_checked_from_its_own_folder_finds_its_tileset() {
    let dir = cli::scratch("own-folder");
    std::fs::write(dir.join("level0.tmx"), sokoban()).unwrap();
    std::fs::write(dir.join("map_tileset.tsx"), SOKOBAN_TILESET).unwrap();
    for args in [
        &["map", "check", "level0.tmx"][..],
        &["map", "render", "level0.tmx"][..],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_hexdeep"))
            .args(args)
            .current_dir(&dir)
            .output()
            .unwrap();
        let err = cli::stderr(&out);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{args:?}: {err}{}",
            cli::stdout(&out)
        );
        assert!(!err.contains("cannot open"), "{err}");
    }
}

/// Writes the sokoban room (GID 2 round the edge, 1 inside, tileset inline) as `room.tmx` in
/// the scratch folder `name`, and returns its path.
fn sokoban_room(name: &str) -> PathBuf {
    let dir = cli::scratch(name);
    let text = tmx(
        5,
        4,
        SOKOBAN_TILESET
            .split_once('\n')
            .unwrap()
            .1
            .replacen("<tileset ", "<tileset firstgid=\"1\" ", 1)
            .as_str(),
        &[("ground", &ROOM)],
    );
    let map = dir.join("room.tmx");
    std::fs::write(&map, text).unwrap();
    map
}

/// Converts the room at `tmx` with `--terrain 1=wall` into `room.hexmap` beside it, checking
/// that `map convert` took the option, and returns the new file's path.
fn converted_room(tmx: &Path) -> PathBuf {
    let hexmap = tmx.with_file_name("room.hexmap");
    let out = cli::run(&[
        "map",
        "convert",
        tmx.to_str().unwrap(),
        hexmap.to_str().unwrap(),
        "--terrain",
        "1=wall",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", cli::stderr(&out));
    hexmap
}

#[test]
fn terrain_is_an_option_of_map_render_and_map_check_on_tiled_maps() {
    let map = sokoban_room("terrain-option");
    let m = map.to_str().unwrap();
    let out = cli::run(&["map", "render", m, "--terrain", "1=wall"]);
    assert_eq!(out.status.code(), Some(0), "{}", cli::stderr(&out));
    assert_eq!(
        cli::stdout(&out),
        "#########\n# . . > #\n# . . . #\n#########\n"
    );
    let out = cli::run(&[
        "map",
        "check",
        m,
        "--terrain",
        "1=wall",
        "--terrain",
        "0=brush",
    ]);
    let text = cli::stdout(&out);
    assert!(!text.contains("read as floor"), "{text}");
    let out = cli::run(&["map", "check", m, "--terrain", "1=lava"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        cli::stderr(&out).contains("\"lava\" is no terrain"),
        "{}",
        cli::stderr(&out)
    );
}

#[test]
fn terrain_is_an_option_of_map_convert_on_tiled_maps() {
    let map = sokoban_room("terrain-convert");
    let hexmap = converted_room(&map);
    let written = std::fs::read_to_string(&hexmap).unwrap();
    assert!(written.contains("# # # # #"), "{written}");
}

#[test]
fn terrain_is_refused_for_a_hexmap_whose_glyphs_say_its_terrain() {
    let map = sokoban_room("terrain-hexmap");
    let hexmap = converted_room(&map);
    let out = cli::run(&[
        "map",
        "check",
        hexmap.to_str().unwrap(),
        "--terrain",
        "1=wall",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        cli::stderr(&out).contains("whose glyphs say its terrain"),
        "{}",
        cli::stderr(&out)
    );
    let saves = cli::scratch("terrain-play");
    let out = cli::run_in(
        &saves,
        &[
            "play",
            "--map",
            hexmap.to_str().unwrap(),
            "--terrain",
            "1=wall",
        ],
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        cli::stderr(&out).contains("no --map given is one"),
        "{}",
        cli::stderr(&out)
    );
}
