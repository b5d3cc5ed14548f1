//! A chess board: an 8 by 8 square grid described once, the pieces as data over it, and the
//! squares a queen attacks found by drawing lines until a piece stands in the way.
//!
//! `cargo run -p hexdeep-tiling --example chess_board`

use hexdeep_tiling::geom::{Cell, Projection, Square, SquareProjection, Tiling};
use hexdeep_tiling::grid::{Grid, TileSet};

fn main() {
    // The description: 64 squares. The data: what stands on each.
    let squares: Vec<Cell> = (0..8)
        .flat_map(|y| (0..8).map(move |x| Cell::new(x, y)))
        .collect();
    let mut board: Grid<Option<char>> =
        Grid::from_cells(Tiling::Square, &squares, None).expect("64 squares");
    for (x, y, piece) in [
        (3, 7, 'Q'),
        (3, 2, 'p'),
        (6, 4, 'n'),
        (0, 4, 'r'),
        (1, 6, 'P'),
    ] {
        let i = board.index(Cell::new(x, y)).expect("on the board");
        board[i] = Some(piece);
    }
    let queen = Cell::new(3, 7);

    // A queen moves along the eight lines of a square; each ray stops at the first piece.
    let mut attacked = TileSet::of(&board);
    for (dx, dy) in [
        (1, 0),
        (1, 1),
        (0, 1),
        (-1, 1),
        (-1, 0),
        (-1, -1),
        (0, -1),
        (1, -1),
    ] {
        let far = queen.offset(8 * dx, 8 * dy);
        for cell in Tiling::Square.line(queen, far).into_iter().skip(1) {
            let Some(i) = board.index(cell) else {
                break;
            };
            attacked.insert(i);
            if board[i].is_some() {
                break;
            }
        }
    }

    // Drawn as the terminal projection of squares draws them: two columns a square.
    let projection = SquareProjection::MAP_FILE;
    let mut rows = vec![vec![' '; 16]; 8];
    for i in board.indices() {
        let cell = board.cell(i);
        let (col, row) = projection.to_screen(Square::from(cell));
        rows[row as usize][col as usize] = match board[i] {
            Some(piece) => piece,
            None if attacked.contains(i) => '*',
            None => '.',
        };
    }
    for row in rows {
        println!("{}", row.iter().collect::<String>().trim_end());
    }
    let threatened: Vec<char> = attacked.iter().filter_map(|i| board[i]).collect();
    println!(
        "The queen attacks {} squares and the pieces {threatened:?}.",
        attacked.count()
    );
}
