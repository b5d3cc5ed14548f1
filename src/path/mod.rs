//! Paths on the dense map: A*, Dijkstra maps, movement range, travel and exploration.
