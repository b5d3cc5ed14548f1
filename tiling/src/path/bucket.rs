//! A monotone bucket queue for small integer priorities (Dial's algorithm).
//!
//! Priorities near the current minimum live in a ring of buckets; the rare far ones wait in a
//! binary heap, so a huge step cost costs time, never memory. Within a bucket the last pushed
//! item pops first, which is deterministic and, for A*, prefers the deepest node.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// How many priorities the ring covers; a power of two.
const WINDOW: usize = 64;

/// A min-priority queue of `u32` items whose priorities never go below the last one popped.
///
/// ```
/// use hexdeep_tiling::path::BucketQueue;
/// let mut queue = BucketQueue::new();
/// queue.push(5, 50);
/// queue.push(2, 20);
/// queue.push(900, 7);
/// assert_eq!(queue.pop(), Some((2, 20)));
/// assert_eq!(queue.pop(), Some((5, 50)));
/// assert_eq!(queue.pop(), Some((900, 7)));
/// ```
#[derive(Clone, Debug)]
pub struct BucketQueue {
    buckets: Vec<Vec<u32>>,
    /// The smallest priority the ring may hold; the ring covers `base..base + WINDOW`.
    base: u32,
    /// Items in the ring.
    near: usize,
    far: BinaryHeap<Reverse<(u32, u32)>>,
}

impl Default for BucketQueue {
    fn default() -> Self {
        BucketQueue::new()
    }
}

impl BucketQueue {
    /// An empty queue.
    ///
    /// ```
    /// use hexdeep_tiling::path::BucketQueue;
    /// assert!(BucketQueue::new().is_empty());
    /// ```
    pub fn new() -> BucketQueue {
        BucketQueue {
            buckets: vec![Vec::new(); WINDOW],
            base: 0,
            near: 0,
            far: BinaryHeap::new(),
        }
    }

    /// Empties the queue, keeping its memory, and sets the lowest priority to come.
    ///
    /// ```
    /// use hexdeep_tiling::path::BucketQueue;
    /// let mut queue = BucketQueue::new();
    /// queue.push(3, 1);
    /// queue.reset(10);
    /// assert!(queue.is_empty());
    /// queue.push(12, 4);
    /// assert_eq!(queue.pop(), Some((12, 4)));
    /// ```
    pub fn reset(&mut self, base: u32) {
        if self.near > 0 {
            for b in &mut self.buckets {
                b.clear();
            }
        }
        self.far.clear();
        self.near = 0;
        self.base = base;
    }

    /// Whether nothing is queued.
    ///
    /// ```
    /// use hexdeep_tiling::path::BucketQueue;
    /// let mut queue = BucketQueue::new();
    /// queue.push(1, 1);
    /// assert!(!queue.is_empty());
    /// queue.pop();
    /// assert!(queue.is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.near == 0 && self.far.is_empty()
    }

    /// Queues `item` at `priority`. A priority below the current minimum is raised to it (this
    /// never happens with a consistent heuristic or in Dijkstra).
    ///
    /// ```
    /// use hexdeep_tiling::path::BucketQueue;
    /// let mut queue = BucketQueue::new();
    /// queue.push(4, 9);
    /// queue.pop();
    /// // Below the last priority popped: raised to it.
    /// queue.push(1, 8);
    /// assert_eq!(queue.pop(), Some((4, 8)));
    /// ```
    #[inline]
    pub fn push(&mut self, priority: u32, item: u32) {
        let p = priority.max(self.base);
        if (p - self.base) as usize >= WINDOW {
            self.far.push(Reverse((p, item)));
        } else {
            self.buckets[p as usize & (WINDOW - 1)].push(item);
            self.near += 1;
        }
    }

    /// Removes and returns an item of the lowest priority, with that priority.
    ///
    /// ```
    /// use hexdeep_tiling::path::BucketQueue;
    /// let mut queue = BucketQueue::new();
    /// assert_eq!(queue.pop(), None);
    /// queue.push(7, 3);
    /// assert_eq!(queue.pop(), Some((7, 3)));
    /// ```
    #[inline]
    pub fn pop(&mut self) -> Option<(u32, u32)> {
        loop {
            if self.near == 0 {
                let &Reverse((p, _)) = self.far.peek()?;
                self.base = p;
                self.pull_far();
            }
            let slot = self.base as usize & (WINDOW - 1);
            if let Some(item) = self.buckets[slot].pop() {
                self.near -= 1;
                return Some((self.base, item));
            }
            self.base += 1;
            self.pull_far();
        }
    }

    /// Moves far items that now fall within the ring into it.
    fn pull_far(&mut self) {
        while let Some(&Reverse((p, item))) = self.far.peek() {
            if (p - self.base) as usize >= WINDOW {
                break;
            }
            self.far.pop();
            self.buckets[p as usize & (WINDOW - 1)].push(item);
            self.near += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn pops_in_priority_order(steps in proptest::collection::vec((0u32..300, any::<bool>()), 1..200)) {
            let mut q = BucketQueue::new();
            let mut reference: Vec<u32> = Vec::new();
            let mut last = 0u32;
            for (k, (delta, pop)) in steps.into_iter().enumerate() {
                if pop {
                    let got = q.pop().map(|(p, _)| p);
                    reference.sort_unstable();
                    let want = if reference.is_empty() { None } else { Some(reference.remove(0)) };
                    prop_assert_eq!(got, want);
                    if let Some(p) = got { last = p; }
                } else {
                    let p = last + delta;
                    q.push(p, k as u32);
                    reference.push(p);
                }
            }
        }
    }

    #[test]
    fn huge_priorities_use_the_heap() {
        let mut q = BucketQueue::new();
        q.push(u32::MAX, 1);
        q.push(5, 2);
        q.push(1_000_000, 3);
        assert_eq!(q.pop(), Some((5, 2)));
        assert_eq!(q.pop(), Some((1_000_000, 3)));
        assert_eq!(q.pop(), Some((u32::MAX, 1)));
        assert_eq!(q.pop(), None);
        assert!(q.is_empty());
    }
}
