//! Map files: the `.hexmap` text format and Tiled imports, and the `hexdeep map` tools.

pub mod cli;
