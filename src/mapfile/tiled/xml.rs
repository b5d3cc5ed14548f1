//! A small element tree over quick-xml, enough for Tiled's `.tmx` and `.tsx`.

use quick_xml::Reader;
use quick_xml::events::{BytesRef, BytesStart, Event};

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
    let mut tree = Tree::default();
    loop {
        let pos = reader.buffer_position() as usize;
        let event = reader
            .read_event()
            .map_err(|e| (reader.error_position() as usize, e.to_string()))?;
        if matches!(event, Event::Eof) {
            break;
        }
        tree.take(event, pos).map_err(|msg| (pos, msg))?;
    }
    if !tree.stack.is_empty() {
        return Err((text.len(), "the document ends inside an element".into()));
    }
    tree.root
        .ok_or((0, "the document has no root element".into()))
}

/// The tree as it is read: the elements open at this point, outermost first, and the root
/// once it is closed.
#[derive(Default)]
struct Tree {
    stack: Vec<Element>,
    root: Option<Element>,
}

impl Tree {
    /// Adds what `event`, read at byte `pos`, says to the tree.
    fn take(&mut self, event: Event<'_>, pos: usize) -> Result<(), String> {
        match event {
            Event::Start(s) => {
                if self.stack.len() >= MAX_DEPTH {
                    return Err(format!("elements nest deeper than {MAX_DEPTH} levels"));
                }
                self.stack.push(element(&s, pos)?);
            }
            Event::Empty(s) => {
                let el = element(&s, pos)?;
                attach(&mut self.stack, &mut self.root, el)?;
            }
            Event::End(_) => {
                let el = self.stack.pop().ok_or("an end tag with no start")?;
                attach(&mut self.stack, &mut self.root, el)?;
            }
            Event::Text(t) => {
                let text = t.decode().map_err(|e| e.to_string())?;
                self.push_text(&text);
            }
            Event::CData(t) => {
                let text = t.decode().map_err(|e| e.to_string())?;
                self.push_text(&text);
            }
            Event::GeneralRef(r) => {
                let c = entity(&r)?;
                self.push_text(c.encode_utf8(&mut [0; 4]));
            }
            _ => {}
        }
        Ok(())
    }

    /// Appends `text` to the innermost open element's (text outside every element is
    /// dropped).
    fn push_text(&mut self, text: &str) {
        if let Some(top) = self.stack.last_mut() {
            top.text.push_str(text);
        }
    }
}

/// The character an entity or character reference stands for.
fn entity(r: &BytesRef<'_>) -> Result<char, String> {
    Ok(match r.resolve_char_ref().map_err(|e| e.to_string())? {
        Some(c) => c,
        None => match AsRef::<[u8]>::as_ref(&**r) {
            b"amp" => '&',
            b"lt" => '<',
            b"gt" => '>',
            b"quot" => '"',
            b"apos" => '\'',
            _ => return Err("an unknown entity reference".into()),
        },
    })
}

fn attach(stack: &mut [Element], root: &mut Option<Element>, el: Element) -> Result<(), String> {
    match stack.last_mut() {
        Some(parent) => parent.children.push(el),
        None if root.is_none() => *root = Some(el),
        None => return Err("more than one root element".into()),
    }
    Ok(())
}
