//! Where values sit in a JSON text, by JSON pointer (`/layers/2/chunks/0`), found in one
//! pass: `serde_json::Value` keeps no positions, and messages want a line and column.

use std::collections::{BTreeMap, BTreeSet};

/// The byte offsets of the values at `wanted` pointers in `src` (a text that parsed as JSON);
/// pointers that name nothing are left out. One pass; subtrees no pointer enters are skipped.
pub fn json_offsets(src: &str, wanted: &BTreeSet<String>) -> BTreeMap<String, usize> {
    let mut walk = Walk {
        b: src.as_bytes(),
        wanted,
        found: BTreeMap::new(),
    };
    let start = walk.ws(0);
    let _ = walk.value(start, &mut String::new());
    walk.found
}

struct Walk<'a> {
    b: &'a [u8],
    wanted: &'a BTreeSet<String>,
    found: BTreeMap<String, usize>,
}

impl Walk<'_> {
    fn ws(&self, mut i: usize) -> usize {
        while self.b.get(i).is_some_and(u8::is_ascii_whitespace) {
            i += 1;
        }
        i
    }

    /// Whether some wanted pointer lies strictly inside `path`.
    fn enters(&self, path: &str) -> bool {
        let prefix = format!("{path}/");
        self.wanted
            .range(prefix.clone()..)
            .next()
            .is_some_and(|p| p.starts_with(&prefix))
    }

    /// The end of the string starting at `i` (on its opening quote).
    fn string_end(&self, mut i: usize) -> usize {
        i += 1;
        while let Some(&c) = self.b.get(i) {
            match c {
                b'\\' => i += 2,
                b'"' => return i + 1,
                _ => i += 1,
            }
        }
        i
    }

    /// The end of the value at `i`, skipped without looking inside.
    fn skip(&self, mut i: usize) -> usize {
        let mut depth = 0usize;
        while let Some(&c) = self.b.get(i) {
            match c {
                b'"' => {
                    i = self.string_end(i);
                    if depth == 0 {
                        return i;
                    }
                    continue;
                }
                b'{' | b'[' => depth += 1,
                b'}' | b']' => {
                    if depth == 0 {
                        return i;
                    }
                    depth -= 1;
                    if depth == 0 {
                        return i + 1;
                    }
                }
                b',' if depth == 0 => return i,
                c if depth == 0 && c.is_ascii_whitespace() => return i,
                _ => {}
            }
            i += 1;
        }
        i
    }

    /// Walks the value at `i` with pointer `path`; returns its end.
    fn value(&mut self, i: usize, path: &mut String) -> usize {
        if self.wanted.contains(path.as_str()) {
            self.found.insert(path.clone(), i);
        }
        if !self.enters(path) {
            return self.skip(i);
        }
        let (open, close) = match self.b.get(i) {
            Some(b'{') => (true, b'}'),
            Some(b'[') => (false, b']'),
            _ => return self.skip(i),
        };
        let mut j = self.ws(i + 1);
        let mut index = 0usize;
        while let Some(&c) = self.b.get(j) {
            if c == close {
                return j + 1;
            }
            let len = path.len();
            if open {
                let end = self.string_end(j);
                let key = String::from_utf8_lossy(&self.b[j + 1..end.saturating_sub(1).max(j + 1)]);
                path.push('/');
                path.push_str(&key);
                j = self.ws(end);
                j = self.ws(j + 1); // the colon
            } else {
                path.push('/');
                path.push_str(&index.to_string());
                index += 1;
            }
            j = self.value(j, path);
            path.truncate(len);
            j = self.ws(j);
            if self.b.get(j) == Some(&b',') {
                j = self.ws(j + 1);
            }
        }
        j
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pointers_find_their_values() {
        let src = "{\"a\": [1, {\"b\": \"x,]\"}, [2, 3]],\n \"c\": {\"d\": null}}";
        let wanted: BTreeSet<String> = ["/a/1", "/a/2/1", "/c/d", "/a/1/b", "/nothing"]
            .map(String::from)
            .into();
        let found = json_offsets(src, &wanted);
        assert_eq!(&src[found["/a/1"]..][..4], "{\"b\"");
        assert_eq!(&src[found["/a/1/b"]..][..3], "\"x,");
        assert_eq!(&src[found["/a/2/1"]..][..1], "3");
        assert_eq!(&src[found["/c/d"]..][..4], "null");
        assert!(!found.contains_key("/nothing"));
    }
}
