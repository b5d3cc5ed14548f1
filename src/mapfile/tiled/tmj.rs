//! Tiled's JSON formats: `.tmj` maps and `.tsj` tilesets.

use super::model::{Chunk, Holds, Object, Origin, Sheet, TileInfo, TiledMap, Tileset};
use super::{Fail, data};
use serde_json::Value;

fn text<'a>(v: &'a Value, key: &str) -> Option<&'a str> {
    v.get(key).and_then(Value::as_str)
}

fn num(v: &Value, key: &str) -> f64 {
    v.get(key)
        .and_then(Value::as_f64)
        .filter(|f| f.is_finite())
        .unwrap_or(0.0)
}

fn int(v: &Value, key: &str) -> Result<i64, Fail> {
    match v.get(key) {
        None | Some(Value::Null) => Ok(0),
        Some(x) => x
            .as_i64()
            .ok_or_else(|| Fail::plain(format!("{key} {x}: expected a whole number"))),
    }
}

fn size(v: &Value, key: &str) -> Result<u32, Fail> {
    let n = int(v, key)?;
    u32::try_from(n).map_err(|_| Fail::plain(format!("{key} {n}: expected a size of 0 or more")))
}

fn list<'a>(v: &'a Value, key: &str) -> &'a [Value] {
    v.get(key)
        .and_then(Value::as_array)
        .map_or(&[], Vec::as_slice)
}

/// Reads a `.tmj` document; `resolve` reads an external tileset.
pub fn read_map(
    root: &Value,
    resolve: &mut dyn FnMut(&str, u32) -> Result<Tileset, Fail>,
) -> Result<TiledMap, Fail> {
    if !root.is_object() {
        return Err(Fail::plain(
            "the document is not a JSON object: expected a Tiled map",
        ));
    }
    let mut map = TiledMap {
        orientation: text(root, "orientation").unwrap_or("").to_owned(),
        stagger_axis: text(root, "staggeraxis").unwrap_or("y").to_owned(),
        stagger_index: text(root, "staggerindex").unwrap_or("odd").to_owned(),
        tile_width: num(root, "tilewidth"),
        tile_height: num(root, "tileheight"),
        side: num(root, "hexsidelength"),
        ..TiledMap::default()
    };
    for p in list(root, "properties") {
        match text(p, "name") {
            Some("name") => map.name = text(p, "value").map(str::to_owned),
            Some("depth") => {
                map.depth = p
                    .get("value")
                    .and_then(Value::as_u64)
                    .and_then(|d| u32::try_from(d).ok());
            }
            _ => {}
        }
    }
    for (k, ts) in list(root, "tilesets").iter().enumerate() {
        let first_gid = size(ts, "firstgid").map_err(|f| f.within(format!("/tilesets/{k}")))?;
        let tileset = match text(ts, "source") {
            Some(src) => resolve(src, first_gid)?,
            None => read_tileset(ts, first_gid),
        };
        map.tilesets.push(tileset);
    }
    read_layers(list(root, "layers"), "/layers", &mut map)?;
    Ok(map)
}

/// Reads layers; `at` is the JSON pointer of their list.
fn read_layers(layers: &[Value], at: &str, map: &mut TiledMap) -> Result<(), Fail> {
    for (k, layer) in layers.iter().enumerate() {
        let here = format!("{at}/{k}");
        match text(layer, "type") {
            Some("tilelayer") => read_layer(layer, &here, map)?,
            Some("objectgroup") => {
                for (i, o) in list(layer, "objects").iter().enumerate() {
                    let mut object = read_object(o);
                    object.origin = Origin::Pointer(format!("{here}/objects/{i}"));
                    map.objects.push(object);
                }
            }
            Some("group") => read_layers(list(layer, "layers"), &format!("{here}/layers"), map)?,
            _ => {}
        }
    }
    Ok(())
}

/// Reads a tile layer at JSON pointer `at`.
fn read_layer(layer: &Value, at: &str, map: &mut TiledMap) -> Result<(), Fail> {
    read_chunks(layer, at, map).map_err(|f| f.within(at.to_owned()))
}

fn read_chunks(layer: &Value, at: &str, map: &mut TiledMap) -> Result<(), Fail> {
    let enc = text(layer, "encoding");
    let comp = text(layer, "compression");
    let chunks = list(layer, "chunks");
    let mut pieces: Vec<(&Value, String, i64, i64, u32, u32)> = Vec::new();
    if chunks.is_empty() {
        let (w, h) = (size(layer, "width")?, size(layer, "height")?);
        pieces.push((layer, at.to_owned(), 0, 0, w, h));
    }
    for (i, c) in chunks.iter().enumerate() {
        let here = format!("{at}/chunks/{i}");
        let fields = || -> Result<_, Fail> {
            Ok((
                int(c, "x")?,
                int(c, "y")?,
                size(c, "width")?,
                size(c, "height")?,
            ))
        };
        let (x, y, w, h) = fields().map_err(|f| f.within(here.clone()))?;
        pieces.push((c, here, x, y, w, h));
    }
    for (v, here, x, y, w, h) in pieces {
        let placed = |m: String| Fail::plain(m).within(here.clone());
        let count = w as usize * h as usize;
        map.count_tiles(count).map_err(placed)?;
        let gids = match v.get("data") {
            Some(Value::String(s)) => data::decode(s, Some(enc.unwrap_or("base64")), comp, count),
            Some(Value::Array(items)) => {
                let g: Option<Vec<u32>> = items
                    .iter()
                    .map(|i| i.as_u64().and_then(|n| u32::try_from(n).ok()))
                    .collect();
                match g {
                    Some(g) if g.len() == count => Ok(g),
                    Some(g) => Err(format!(
                        "the layer data has {} GIDs: expected {count}",
                        g.len()
                    )),
                    None => Err("the layer data holds a value that is not a GID".to_owned()),
                }
            }
            _ => Err("a tile layer without data: expected an array or a base64 string".to_owned()),
        }
        .map_err(placed)?;
        map.chunks.push(Chunk {
            layer: text(layer, "name").unwrap_or("").to_owned(),
            x,
            y,
            width: w,
            gids,
            origin: Origin::Pointer(here),
        });
    }
    Ok(())
}

fn read_object(o: &Value) -> Object {
    Object {
        name: text(o, "name").unwrap_or("").to_owned(),
        kind: text(o, "type")
            .filter(|t| !t.is_empty())
            .or(text(o, "class"))
            .unwrap_or("")
            .to_owned(),
        x: num(o, "x"),
        y: num(o, "y"),
        width: num(o, "width"),
        height: num(o, "height"),
        is_tile: o.get("gid").is_some(),
        origin: Origin::Unknown,
    }
}

/// Reads a tileset object (embedded, or a whole `.tsj`).
pub fn read_tileset(ts: &Value, first_gid: u32) -> Tileset {
    let mut out = Tileset {
        first_gid,
        name: text(ts, "name").unwrap_or("").to_owned(),
        ..Tileset::default()
    };
    let whole = |key: &str| ts.get(key).and_then(Value::as_i64);
    let size = |key: &str| {
        ts.get(key)
            .and_then(Value::as_f64)
            .filter(|f| f.is_finite())
    };
    let mut sheet = Sheet {
        count: whole("tilecount"),
        columns: whole("columns"),
        image: text(ts, "image").and_then(|_| Some((size("imagewidth")?, size("imageheight")?))),
        tile: (num(ts, "tilewidth"), num(ts, "tileheight")),
        margin: num(ts, "margin"),
        spacing: num(ts, "spacing"),
        tile_images: false,
    };
    for tile in list(ts, "tiles") {
        let Some(id) = tile
            .get("id")
            .and_then(Value::as_u64)
            .and_then(|n| u32::try_from(n).ok())
        else {
            continue;
        };
        sheet.tile_images |= tile.get("image").is_some();
        let mut info = TileInfo {
            class: text(tile, "class")
                .filter(|t| !t.is_empty())
                .or(text(tile, "type"))
                .filter(|t| !t.is_empty())
                .map(str::to_owned),
            ..TileInfo::default()
        };
        for p in list(tile, "properties") {
            let name = text(p, "name").unwrap_or("");
            let value = match p.get("value") {
                Some(Value::String(v)) => v.clone(),
                Some(Value::Bool(b)) => b.to_string(),
                Some(Value::Number(n)) => n.to_string(),
                _ => String::new(),
            };
            info.note_property(name, value);
        }
        out.tiles.insert(id, info);
    }
    out.holds = Holds::of(&sheet);
    out
}
