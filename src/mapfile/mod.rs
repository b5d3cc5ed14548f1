//! Map files: the `.hexmap` text format and Tiled imports, and the `hexdeep map` tools.

pub mod cli;

/// Temp.
pub fn load_level(path: &std::path::Path) -> Result<crate::map::Level, String> {
    Err(format!("{}: not supported yet", path.display()))
}
