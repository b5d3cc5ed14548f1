//! `--terrain`: the terrain of Tiled tiles named by id or by class, for maps whose tilesets
//! say nothing hexdeep reads (README, "Map files").
//!
//! The text is a comma-separated list of `KEY=TERRAIN`: a key of digits is a tile's id in its
//! tileset, as Tiled's tileset editor shows it (in every tileset of the map); `NAME:ID` the
//! id in the tileset named `NAME` only; any other key a tile class (or type). `TERRAIN` is a
//! terrain name (`wall`, `floor`, `deep_water`, …). A key given twice keeps its last terrain.

use crate::map::Terrain;
use std::fmt;

/// Which tiles an entry names.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Key {
    /// A local id, in one tileset (by name) or in every one.
    Id {
        /// The tileset's name, when given.
        tileset: Option<String>,
        /// The local tile id.
        id: u32,
    },
    /// A class or type, compared without case.
    Class(String),
}

/// One `KEY=TERRAIN`, as given.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Entry {
    key: Key,
    terrain: Terrain,
    text: String,
}

/// The terrain given to tiles by id or class (`--terrain`); empty when none is given.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TerrainMap {
    entries: Vec<Entry>,
}

/// The form of an entry, for messages.
const FORM: &str = "expected ID=TERRAIN, TILESET:ID=TERRAIN or CLASS=TERRAIN";

impl TerrainMap {
    /// Reads `12=wall,13=deep_water,Rock=wall`; a message naming the entry at fault
    /// otherwise.
    pub fn parse(text: &str) -> Result<TerrainMap, String> {
        let mut out = TerrainMap::default();
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (key, terrain) = part
                .split_once('=')
                .ok_or_else(|| format!("{part:?}: {FORM}"))?;
            let terrain = Terrain::from_name(terrain.trim()).ok_or_else(|| {
                format!(
                    "{part:?}: {:?} is no terrain: expected one of {}",
                    terrain.trim(),
                    Terrain::ALL.map(Terrain::name).join(", ")
                )
            })?;
            let key = key_of(key.trim()).ok_or_else(|| format!("{part:?}: {FORM}"))?;
            out.entries.retain(|e| e.key != key);
            out.entries.push(Entry {
                key,
                terrain,
                text: part.to_owned(),
            });
        }
        if out.entries.is_empty() {
            return Err(format!("{text:?}: {FORM}"));
        }
        Ok(out)
    }

    /// The entries of `self` and then of `other` (a key in both keeps `other`'s terrain).
    pub fn merged(mut self, other: TerrainMap) -> TerrainMap {
        for e in other.entries {
            self.entries.retain(|old| old.key != e.key);
            self.entries.push(e);
        }
        self
    }

    /// Whether no entry is given.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The terrain given to local tile `id` of the tileset named `tileset`, whose class is
    /// `class`, and which entry gave it: an entry by id before one by class.
    pub fn lookup(&self, tileset: &str, id: u32, class: Option<&str>) -> Option<(Terrain, usize)> {
        let by_id = self.entries.iter().position(|e| match &e.key {
            Key::Id { tileset: t, id: i } => *i == id && t.as_deref().is_none_or(|t| t == tileset),
            Key::Class(_) => false,
        });
        let by_class = || {
            let class = class?;
            self.entries.iter().position(|e| match &e.key {
                Key::Class(c) => c.eq_ignore_ascii_case(class),
                Key::Id { .. } => false,
            })
        };
        let k = by_id.or_else(by_class)?;
        Some((self.entries[k].terrain, k))
    }

    /// How many entries there are (the indices [`TerrainMap::lookup`] returns).
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Entry `k` as given, for messages.
    pub fn entry(&self, k: usize) -> &str {
        self.entries.get(k).map_or("", |e| e.text.as_str())
    }
}

impl fmt::Display for TerrainMap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let texts: Vec<&str> = self.entries.iter().map(|e| e.text.as_str()).collect();
        f.write_str(&texts.join(","))
    }
}

/// The key of an entry: digits (an id), `NAME:DIGITS` (an id in one tileset), or a class.
fn key_of(key: &str) -> Option<Key> {
    if key.is_empty() {
        return None;
    }
    if let Some((tileset, id)) = key.rsplit_once(':') {
        let id = id.trim().parse().ok()?;
        let tileset = tileset.trim();
        return (!tileset.is_empty()).then(|| Key::Id {
            tileset: Some(tileset.to_owned()),
            id,
        });
    }
    if key.bytes().all(|b| b.is_ascii_digit()) {
        return Some(Key::Id {
            tileset: None,
            id: key.parse().ok()?,
        });
    }
    Some(Key::Class(key.to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_by_id_tileset_and_class() {
        let m = TerrainMap::parse("12=wall, dungeon:3=deep_water,Rock=wall,12=floor").unwrap();
        assert_eq!(m.lookup("any", 12, None), Some((Terrain::Floor, 2)));
        assert_eq!(
            m.lookup("dungeon", 3, None).map(|t| t.0),
            Some(Terrain::DeepWater)
        );
        assert_eq!(m.lookup("other", 3, None), None);
        assert_eq!(
            m.lookup("t", 5, Some("rock")).map(|t| t.0),
            Some(Terrain::Wall)
        );
        assert_eq!(m.lookup("t", 5, Some("sand")), None);
        // An id names its tile before a class does.
        assert_eq!(
            m.lookup("t", 12, Some("Rock")).map(|t| t.0),
            Some(Terrain::Floor)
        );
        assert_eq!(m.to_string(), "dungeon:3=deep_water,Rock=wall,12=floor");
    }

    #[test]
    fn bad_entries_say_what_was_expected() {
        for (text, want) in [
            ("12", "expected ID=TERRAIN"),
            (
                "12=lava",
                "\"lava\" is no terrain: expected one of floor, wall",
            ),
            ("=wall", "expected ID=TERRAIN"),
            (":3=wall", "expected ID=TERRAIN"),
            ("t:x=wall", "expected ID=TERRAIN"),
            ("", "expected ID=TERRAIN"),
            ("99999999999=wall", "expected ID=TERRAIN"),
        ] {
            let err = TerrainMap::parse(text).unwrap_err();
            assert!(err.contains(want), "{text:?}: {err}");
        }
    }
}
