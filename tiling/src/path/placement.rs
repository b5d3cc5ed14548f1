//! Where the compiler puts Dijkstra's loop on hexes: beside the cost function, so that the
//! cost function inlines into it.
//!
//! The loop asks the cost of every neighbour of every tile it settles. Callers often pass the
//! cost function by reference (`&cost`, to use it again), and a call through a reference goes
//! through std's `impl Fn for &F`, which is not `#[inline]`: rustc compiles it in one codegen
//! unit, the one of the cost function's type (the module that wrote the closure), and LLVM
//! inlines it only into code of that unit. A method of [`PathScratch`] is compiled in the unit
//! of `PathScratch`, so whether the two met was the luck of how units were merged; where they
//! did not, every neighbour cost a call (the movement range 22% slower, BENCHMARKS.md, "The
//! movement range's slowdown").
//!
//! rustc compiles a method of a trait implemented for a type in the unit of that type, so the
//! loop is entered through [`InCostUnit`], implemented for every cost function: its method
//! lands in the cost function's unit and is never inlined (that would carry the loop back to
//! the caller's unit), and the loop it calls is `#[inline]`, compiled in the unit that calls
//! it. (A*'s loop is left as it was: there LLVM unrolls the six neighbours around the call,
//! and it measured no faster with the cost inlined.)

use super::PathScratch;
use super::dijkstra::Flow;
use crate::grid::Grid;

/// Dijkstra's loop on hexes as a method of the cost function, compiled where the cost function
/// is (see the module's documentation).
pub(super) trait InCostUnit: Fn(usize) -> Option<u32> + Sized {
    /// [`PathScratch::settle`] with this cost.
    fn settle_in<T>(
        &self,
        scratch: &mut PathScratch,
        grid: &Grid<T>,
        limit: u32,
        visit: &mut impl FnMut(usize, u32) -> Flow,
    );
}

impl<F: Fn(usize) -> Option<u32>> InCostUnit for F {
    #[inline(never)]
    fn settle_in<T>(
        &self,
        scratch: &mut PathScratch,
        grid: &Grid<T>,
        limit: u32,
        visit: &mut impl FnMut(usize, u32) -> Flow,
    ) {
        scratch.settle(grid, self, limit, visit);
    }
}
