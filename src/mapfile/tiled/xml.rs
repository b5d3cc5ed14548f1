//! A small element tree over quick-xml, enough for Tiled's `.tmx` and `.tsx`.

use quick_xml::Reader;
use quick_xml::events::{BytesStart, Event};

/// The deepest nesting accepted (Tiled files nest a handful of levels).
const MAX_DEPTH: usize = 64;

/// An XML element with its attributes, children and text.
#[derive(Clone, Debug, Default)]
pub struct Element {
    /// The tag name.
    pub name: String,
    /// Attributes in order.
    pub attrs: Vec<(String, String)>,
    /// Child elements in order.
    pub children: Vec<Element>,
    /// The text directly inside (CDATA and references included).
    pub text: String,
    /// Byte offset of the element in the source.
    pub pos: usize,
}

impl Element {
    /// An attribute's value.
    pub fn attr(&self, key: &str) -> Option<&str> {
        self.attrs
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// The first child with a tag name.
    pub fn child(&self, name: &str) -> Option<&Element> {
        self.children.iter().find(|c| c.name == name)
    }

    /// The children with a tag name.
    pub fn children_named<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a Element> {
        self.children.iter().filter(move |c| c.name == name)
    }
}

fn element(start: &BytesStart<'_>, pos: usize) -> Result<Element, String> {
    let mut el = Element {
        name: String::from_utf8_lossy(start.name().as_ref()).into_owned(),
        pos,
        ..Element::default()
    };
    for attr in start.attributes() {
        let attr = attr.map_err(|e| e.to_string())?;
        let key = String::from_utf8_lossy(attr.key.as_ref()).into_owned();
        let value = attr.unescape_value().map_err(|e| e.to_string())?;
        el.attrs.push((key, value.into_owned()));
    }
    Ok(el)
}

/// Parses a document into its root element; errors carry a byte offset.
pub fn parse(text: &str) -> Result<Element, (usize, String)> {
    let mut reader = Reader::from_str(text);
    let mut stack: Vec<Element> = Vec::new();
    let mut root: Option<Element> = None;
    loop {
        let pos = reader.buffer_position() as usize;
        let event = reader
            .read_event()
            .map_err(|e| (reader.error_position() as usize, e.to_string()))?;
        let fail = |msg: String| (pos, msg);
        match event {
            Event::Start(s) => {
                if stack.len() >= MAX_DEPTH {
                    return Err(fail(format!(
                        "elements nest deeper than {MAX_DEPTH} levels"
                    )));
                }
                stack.push(element(&s, pos).map_err(fail)?);
            }
            Event::Empty(s) => {
                let el = element(&s, pos).map_err(fail)?;
                attach(&mut stack, &mut root, el).map_err(fail)?;
            }
            Event::End(_) => {
                let el = stack
                    .pop()
                    .ok_or_else(|| fail("an end tag with no start".into()))?;
                attach(&mut stack, &mut root, el).map_err(fail)?;
            }
            Event::Text(t) => {
                if let Some(top) = stack.last_mut() {
                    top.text
                        .push_str(&t.decode().map_err(|e| fail(e.to_string()))?);
                }
            }
            Event::CData(t) => {
                if let Some(top) = stack.last_mut() {
                    top.text
                        .push_str(&t.decode().map_err(|e| fail(e.to_string()))?);
                }
            }
            Event::GeneralRef(r) => {
                let c = match r.resolve_char_ref().map_err(|e| fail(e.to_string()))? {
                    Some(c) => c,
                    None => match AsRef::<[u8]>::as_ref(&*r) {
                        b"amp" => '&',
                        b"lt" => '<',
                        b"gt" => '>',
                        b"quot" => '"',
                        b"apos" => '\'',
                        _ => return Err(fail("an unknown entity reference".into())),
                    },
                };
                if let Some(top) = stack.last_mut() {
                    top.text.push(c);
                }
            }
            Event::Eof => break,
            _ => {}
        }
    }
    if !stack.is_empty() {
        return Err((text.len(), "the document ends inside an element".into()));
    }
    root.ok_or((0, "the document has no root element".into()))
}

fn attach(stack: &mut [Element], root: &mut Option<Element>, el: Element) -> Result<(), String> {
    match stack.last_mut() {
        Some(parent) => parent.children.push(el),
        None if root.is_none() => *root = Some(el),
        None => return Err("more than one root element".into()),
    }
    Ok(())
}
