//! Migrations as values (ARCHITECTURE.md "Files"): each is a function from one format's value
//! to the next format's, taken by value, and a file of any format is brought up to date by
//! one loop over the list of them from its format on ([`upgrade`]). Between two steps the
//! value travels boxed, its type known only to the step that takes it; every format's
//! fixtures in `tests/data/` run through every step.

use super::SchemaError;
use std::any::Any;

/// A value of some format, as it travels between two migrations.
pub type Value = Box<dyn Any>;

/// The type-erased function of a [`Migration`].
type Up = Box<dyn Fn(Value) -> Result<Value, SchemaError>>;

/// One migration: a value of format `from` into one of format `from + 1`.
pub struct Migration {
    from: u32,
    up: Up,
}

impl Migration {
    /// The migration from format `from` to the next by `up`.
    pub fn new<Old: 'static, New: 'static>(
        from: u32,
        up: impl Fn(Old) -> Result<New, SchemaError> + 'static,
    ) -> Migration {
        let up = move |value: Value| match value.downcast::<Old>() {
            Ok(old) => Ok(Box::new(up(*old)?) as Value),
            Err(_) => Err(SchemaError::new(format!(
                "the migration from format {from} was given a value of another format"
            ))),
        };
        Migration {
            from,
            up: Box::new(up),
        }
    }

    /// The step from format `from` to the next of a value that format did not change.
    pub fn unchanged<T: 'static>(from: u32) -> Migration {
        Migration::new(from, Ok::<T, SchemaError>)
    }
}

/// The value read from a file of format `format`, brought to `T` through every migration
/// of `list` from that format on, in order: the list holds one a format, each from the
/// format the one before it led to.
pub fn upgrade<T: 'static>(
    format: u32,
    mut value: Value,
    list: &[Migration],
) -> Result<T, SchemaError> {
    for (at, step) in (format..).zip(list.iter().filter(|m| m.from >= format)) {
        if step.from != at {
            return Err(SchemaError::new(format!(
                "no migration from format {at} (the next is from format {})",
                step.from
            )));
        }
        value = (step.up)(value)?;
    }
    value.downcast::<T>().map(|v| *v).map_err(|_| {
        SchemaError::new(format!(
            "format {format} does not migrate to the current one"
        ))
    })
}

/// The value read from a payload of a type of its own, boxed to travel through [`upgrade`].
pub fn boxed<T: 'static>(value: T) -> Value {
    Box::new(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Three toy formats: a number, then a text, then a text and its length.
    fn toy() -> Vec<Migration> {
        vec![
            Migration::new(1, |n: u32| Ok(n.to_string())),
            Migration::new(2, |s: String| Ok((s.len(), s))),
        ]
    }

    #[test]
    fn a_value_of_any_format_runs_through_every_step_after_it() {
        assert_eq!(
            upgrade::<(usize, String)>(1, boxed(123u32), &toy()),
            Ok((3, "123".to_string()))
        );
        assert_eq!(
            upgrade::<(usize, String)>(2, boxed("ab".to_string()), &toy()),
            Ok((2, "ab".to_string()))
        );
        assert_eq!(
            upgrade::<(usize, String)>(3, boxed((1usize, "x".to_string())), &toy()),
            Ok((1, "x".to_string()))
        );
    }

    #[test]
    fn a_next_format_is_one_more_value_in_the_list() {
        let mut list = toy();
        list.push(Migration::new(3, |(n, s): (usize, String)| {
            Ok(format!("{s}:{n}"))
        }));
        assert_eq!(upgrade::<String>(1, boxed(42u32), &list), Ok("42:2".into()));
        list.push(Migration::unchanged::<String>(4));
        assert_eq!(
            upgrade::<String>(4, boxed("s".to_string()), &list),
            Ok("s".into())
        );
    }

    #[test]
    fn a_gap_a_wrong_type_or_a_failing_step_is_an_error_not_a_panic() {
        let gap = vec![toy().remove(0), Migration::unchanged::<String>(3)];
        assert!(upgrade::<String>(1, boxed(1u32), &gap).is_err());
        assert!(upgrade::<(usize, String)>(1, boxed("not a number"), &toy()).is_err());
        assert!(upgrade::<u64>(1, boxed(1u32), &toy()).is_err());
        let failing = vec![Migration::new(1, |_: u32| {
            Err::<u32, _>(SchemaError::new("refused"))
        })];
        assert_eq!(
            upgrade::<u32>(1, boxed(1u32), &failing),
            Err(SchemaError::new("refused"))
        );
    }
}
