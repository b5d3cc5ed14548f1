//! Play over ssh (`hexdeep serve --ssh-port`).

pub mod keys;
