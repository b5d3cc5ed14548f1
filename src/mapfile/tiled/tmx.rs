//! Tiled's XML formats: `.tmx` maps and `.tsx` tilesets.

use super::model::{Chunk, Holds, Object, Origin, Sheet, TileInfo, TiledMap, Tileset};
use super::xml::Element;
use super::{Fail, data};

fn num(el: &Element, key: &str) -> f64 {
    el.attr(key)
        .and_then(|v| v.trim().parse::<f64>().ok())
        .filter(|v| v.is_finite())
        .unwrap_or(0.0)
}

fn int(el: &Element, key: &str) -> Result<i64, Fail> {
    match el.attr(key) {
        None => Ok(0),
        Some(v) => v.trim().parse::<i64>().map_err(|_| {
            Fail::at(
                el.pos,
                format!(
                    "attribute {key}={v:?} of <{}>: expected a whole number",
                    el.name
                ),
            )
        }),
    }
}

fn size(el: &Element, key: &str) -> Result<u32, Fail> {
    let v = int(el, key)?;
    u32::try_from(v)
        .map_err(|_| Fail::at(el.pos, format!("{key} {v}: expected a size of 0 or more")))
}

/// Reads a `.tmx` document; `resolve` turns an external tileset into its root element.
pub fn read_map(
    root: &Element,
    resolve: &mut dyn FnMut(&str, u32) -> Result<Tileset, Fail>,
) -> Result<TiledMap, Fail> {
    if root.name != "map" {
        return Err(Fail::at(
            root.pos,
            format!("root element <{}>: expected <map>", root.name),
        ));
    }
    let mut map = TiledMap {
        orientation: root.attr("orientation").unwrap_or("").to_owned(),
        stagger_axis: root.attr("staggeraxis").unwrap_or("y").to_owned(),
        stagger_index: root.attr("staggerindex").unwrap_or("odd").to_owned(),
        tile_width: num(root, "tilewidth"),
        tile_height: num(root, "tileheight"),
        side: num(root, "hexsidelength"),
        ..TiledMap::default()
    };
    if let Some(props) = root.child("properties") {
        for p in props.children_named("property") {
            match p.attr("name") {
                Some("name") => map.name = p.attr("value").map(str::to_owned),
                Some("depth") => map.depth = p.attr("value").and_then(|v| v.parse().ok()),
                _ => {}
            }
        }
    }
    for ts in root.children_named("tileset") {
        let first_gid = size(ts, "firstgid")?;
        let tileset = match ts.attr("source") {
            Some(src) => resolve(src, first_gid)?,
            None => read_tileset(ts, first_gid),
        };
        map.tilesets.push(tileset);
    }
    read_layers(root, &mut map)?;
    Ok(map)
}

fn read_layers(parent: &Element, map: &mut TiledMap) -> Result<(), Fail> {
    for el in &parent.children {
        match el.name.as_str() {
            "layer" => read_layer(el, map)?,
            "objectgroup" => map
                .objects
                .extend(el.children_named("object").map(read_object)),
            "group" => read_layers(el, map)?,
            _ => {}
        }
    }
    Ok(())
}

fn read_layer(layer: &Element, map: &mut TiledMap) -> Result<(), Fail> {
    let Some(data_el) = layer.child("data") else {
        return Ok(());
    };
    let enc = data_el.attr("encoding");
    let comp = data_el.attr("compression");
    let mut pieces: Vec<(&Element, i64, i64, u32, u32)> = Vec::new();
    let chunks: Vec<&Element> = data_el.children_named("chunk").collect();
    if chunks.is_empty() {
        pieces.push((data_el, 0, 0, size(layer, "width")?, size(layer, "height")?));
    }
    for c in chunks {
        pieces.push((
            c,
            int(c, "x")?,
            int(c, "y")?,
            size(c, "width")?,
            size(c, "height")?,
        ));
    }
    for (el, x, y, w, h) in pieces {
        let count = w as usize * h as usize;
        map.count_tiles(count).map_err(|m| Fail::at(el.pos, m))?;
        let gids = if enc.is_none() && el.child("tile").is_some() {
            let g: Vec<u32> = el
                .children_named("tile")
                .map(|t| t.attr("gid").and_then(|v| v.parse().ok()).unwrap_or(0))
                .collect();
            if g.len() != count {
                return Err(Fail::at(
                    el.pos,
                    format!("{} <tile> elements: expected {count}", g.len()),
                ));
            }
            g
        } else {
            data::decode(&el.text, enc, comp, count).map_err(|m| Fail::at(el.pos, m))?
        };
        map.chunks.push(Chunk {
            layer: layer.attr("name").unwrap_or("").to_owned(),
            x,
            y,
            width: w,
            gids,
            origin: Origin::Byte(el.pos),
        });
    }
    Ok(())
}

fn read_object(o: &Element) -> Object {
    Object {
        name: o.attr("name").unwrap_or("").to_owned(),
        kind: o.attr("type").or(o.attr("class")).unwrap_or("").to_owned(),
        x: num(o, "x"),
        y: num(o, "y"),
        width: num(o, "width"),
        height: num(o, "height"),
        is_tile: o.attr("gid").is_some(),
        origin: Origin::Byte(o.pos),
    }
}

/// Reads a `<tileset>` element (embedded, or the root of a `.tsx`).
pub fn read_tileset(ts: &Element, first_gid: u32) -> Tileset {
    let mut out = Tileset {
        first_gid,
        name: ts.attr("name").unwrap_or("").to_owned(),
        ..Tileset::default()
    };
    let whole = |key: &str| ts.attr(key).and_then(|v| v.trim().parse::<i64>().ok());
    let image = ts.child("image");
    let mut sheet = Sheet {
        count: whole("tilecount"),
        columns: whole("columns"),
        image: image.and_then(|i| Some((num_opt(i, "width")?, num_opt(i, "height")?))),
        tile: (num(ts, "tilewidth"), num(ts, "tileheight")),
        margin: num(ts, "margin"),
        spacing: num(ts, "spacing"),
        tile_images: false,
    };
    for tile in ts.children_named("tile") {
        let Some(id) = tile.attr("id").and_then(|v| v.parse::<u32>().ok()) else {
            continue;
        };
        sheet.tile_images |= tile.child("image").is_some();
        let mut info = TileInfo {
            class: tile
                .attr("class")
                .or(tile.attr("type"))
                .filter(|c| !c.is_empty())
                .map(str::to_owned),
            ..TileInfo::default()
        };
        for p in tile
            .child("properties")
            .into_iter()
            .flat_map(|ps| ps.children_named("property"))
        {
            let name = p.attr("name").unwrap_or("");
            let value = p
                .attr("value")
                .map_or_else(|| p.text.clone(), str::to_owned);
            info.note_property(name, value);
        }
        out.tiles.insert(id, info);
    }
    out.holds = Holds::of(&sheet);
    out
}

/// A finite number attribute, if present.
fn num_opt(el: &Element, key: &str) -> Option<f64> {
    el.attr(key)
        .and_then(|v| v.trim().parse::<f64>().ok())
        .filter(|v| v.is_finite())
}
