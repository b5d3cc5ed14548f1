//! The server's database (ARCHITECTURE.md, "The network"): one `SQLite` file in the saves
//! folder holding the accounts, the games and the scores of finished games. The saves hold
//! the worlds; the database holds who may play what and where each game's save is.
//!
//! The file carries its schema's version (`PRAGMA user_version`): an empty file is given
//! this build's schema, an older one is migrated, a newer one refused. A file that is no
//! database is reported, naming it, and never written to. Every query runs on the database's
//! own thread ([`Db`]), never on a game's or a connection's task.

pub mod accounts;
pub mod games;
#[cfg(test)]
mod tests;

use rusqlite::{Connection, OpenFlags};
use std::path::{Path, PathBuf};
use std::sync::mpsc;

pub use accounts::{Claim, Credential};
pub use games::{GameRow, GameState, ScoreRow};

/// The schema this build writes and reads.
pub const SCHEMA_VERSION: i64 = 1;

/// The database's file in the server's saves folder.
pub const FILE: &str = "server.sqlite";

/// The schema, version by version: `MIGRATIONS[n]` takes a database from version `n` to
/// `n + 1`.
const MIGRATIONS: [&str; 1] = ["
    CREATE TABLE accounts (
        name TEXT PRIMARY KEY NOT NULL,
        password TEXT,
        ssh_key TEXT,
        CHECK (password IS NOT NULL OR ssh_key IS NOT NULL)
    );
    CREATE TABLE games (
        id INTEGER PRIMARY KEY NOT NULL,
        save TEXT NOT NULL,
        tiling TEXT NOT NULL,
        players INTEGER NOT NULL,
        seats TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('playing', 'over'))
    );
    CREATE TABLE scores (
        game INTEGER NOT NULL REFERENCES games(id),
        hero TEXT NOT NULL,
        player TEXT,
        ending TEXT NOT NULL,
        deepest INTEGER NOT NULL,
        turns INTEGER NOT NULL,
        kills INTEGER NOT NULL
    );
"];

/// An open database.
#[derive(Debug)]
pub struct Store {
    conn: Connection,
    /// Its file, to name in messages (`:memory:` for one in memory).
    path: PathBuf,
}

impl Store {
    /// Opens (or makes) the database at `path` and brings its schema to this build's: why
    /// not, naming the file, when it is no database, unreadable, or of a newer schema.
    pub fn open(path: &Path) -> Result<Store, String> {
        let shown = path.display();
        // An existing file is opened without the right to create: what is there is used or
        // refused, never replaced.
        let flags = if path.exists() {
            OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX
        } else {
            OpenFlags::default()
        };
        let conn = Connection::open_with_flags(path, flags)
            .map_err(|e| format!("{shown}: cannot open the server's database: {e}"))?;
        Store::ready(conn, path.to_path_buf())
    }

    /// A database in memory (a server that keeps no files).
    pub fn in_memory() -> Result<Store, String> {
        let conn = Connection::open_in_memory()
            .map_err(|e| format!("cannot make a database in memory: {e}"))?;
        Store::ready(conn, PathBuf::from(":memory:"))
    }

    /// Checks the schema's version and migrates to this build's.
    fn ready(mut conn: Connection, path: PathBuf) -> Result<Store, String> {
        let shown = path.display().to_string();
        let version: i64 = conn
            .query_row("PRAGMA user_version", [], |row| row.get(0))
            .map_err(|e| format!("{shown}: not a hexdeep server database ({e})"))?;
        if version > SCHEMA_VERSION {
            return Err(format!(
                "{shown}: the database has schema version {version}, written by a newer \
                 hexdeep; this one reads up to version {SCHEMA_VERSION}"
            ));
        }
        if version < 0 {
            return Err(format!(
                "{shown}: the database has schema version {version}"
            ));
        }
        for (from, migration) in MIGRATIONS.iter().enumerate().skip(version as usize) {
            let to = from + 1;
            let tx = conn
                .transaction()
                .map_err(|e| format!("{shown}: cannot write the database: {e}"))?;
            tx.execute_batch(migration)
                .and_then(|()| tx.execute_batch(&format!("PRAGMA user_version = {to}")))
                .and_then(|()| tx.commit())
                .map_err(|e| format!("{shown}: cannot bring the schema to version {to}: {e}"))?;
        }
        Ok(Store { conn, path })
    }

    /// The database's file (`:memory:` for one in memory).
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// An error of a query, naming the file.
    fn failed(&self, e: &rusqlite::Error) -> String {
        format!("{}: {e}", self.path.display())
    }
}

/// A query for the database's thread.
type Job = Box<dyn FnOnce(&mut Store) + Send>;

/// The handle on the database's thread: queries are run there one after another, in the
/// order they were sent; the thread ends when the last handle is dropped.
#[derive(Clone)]
pub struct Db {
    jobs: mpsc::Sender<Job>,
}

impl std::fmt::Debug for Db {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Db")
    }
}

impl Db {
    /// Starts the thread that owns `store`.
    pub fn start(mut store: Store) -> Result<Db, String> {
        let (jobs, queue) = mpsc::channel::<Job>();
        std::thread::Builder::new()
            .name("hexdeep-db".to_string())
            .spawn(move || {
                for job in queue {
                    job(&mut store);
                }
            })
            .map_err(|e| format!("cannot start the database's thread: {e}"))?;
        Ok(Db { jobs })
    }

    /// Runs `job` on the database's thread without waiting for it (a game's writes).
    pub fn post(&self, job: impl FnOnce(&mut Store) + Send + 'static) {
        let _ = self.jobs.send(Box::new(job));
    }

    /// Runs `job` on the database's thread and waits for its answer without holding up the
    /// task's thread; `None` when the thread is gone.
    pub async fn call<T: Send + 'static>(
        &self,
        job: impl FnOnce(&mut Store) -> T + Send + 'static,
    ) -> Option<T> {
        let (tx, rx) = tokio::sync::oneshot::channel();
        self.post(move |store| {
            let _ = tx.send(job(store));
        });
        rx.await.ok()
    }

    /// Waits until every query sent before has run.
    pub async fn flush(&self) {
        self.call(|_| ()).await;
    }
}
