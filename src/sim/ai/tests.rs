use super::*;
use crate::content::Content;
use crate::map::{Grid, Shape};
use crate::rng::{Stream, stream};

/// Where the player stands, at the end of a corridor running south.
const ME: Cell = Cell::new(3, 3);
/// The corridor's next tile, where the imp stood in issue 17.
const NEXT: Cell = Cell::new(3, 4);
/// Around the corner from the corridor: in the player's sight by the second line of the
/// two (the segment from `ME` runs along the side between `NEXT` and a wall).
const CORNER: Cell = Cell::new(4, 5);
/// A step beyond the corner: out of the player's sight.
const HIDE: Cell = Cell::new(5, 6);

/// Walls everywhere but a corridor down to `ME`, `NEXT`, `CORNER` and `rest`.
fn corridor(rest: &[Cell]) -> Level {
    let shape = Shape::Parallelogram {
        width: 8,
        height: 9,
    };
    let mut grid = Grid::new(&shape, Terrain::Wall).unwrap();
    let open = [Cell::new(3, 1), Cell::new(3, 2), ME, NEXT, CORNER];
    for &h in open.iter().chain(rest) {
        grid.set(h, Terrain::Floor);
    }
    Level::new("corridor", 1, grid)
}

fn imp_at(pos: Cell, hp: i32) -> Creature {
    let content = Content::bundled().unwrap();
    let mut imp = Creature::monster(1, content.monster("imp").unwrap(), pos);
    imp.hp = hp;
    imp.memory = Some(ME);
    imp
}

fn player() -> Creature {
    Creature::player(&Content::bundled().unwrap(), ME)
}

fn choice(level: &Level, creatures: &[Creature], who: usize) -> Intention {
    let content = Content::bundled().unwrap();
    let senses = Senses::new(level, content.monsters(), creatures, 1, None);
    let mut rng = stream(1, Stream::Ai, 0);
    choose(&senses, &creatures[who], &mut rng).0
}

#[test]
fn beyond_the_corner_is_out_of_the_players_sight() {
    let level = corridor(&[HIDE]);
    let seen = visible_tiles(&level, ME, 9);
    let index = |h: Cell| level.terrain.index(h).unwrap();
    assert!(seen.binary_search(&index(NEXT)).is_ok());
    assert!(seen.binary_search(&index(CORNER)).is_ok());
    assert!(seen.binary_search(&index(HIDE)).is_err());
}

#[test]
fn a_hurt_coward_out_of_sight_hides_instead_of_coming_back() {
    // Issue 17: the imp fled around the corner, lost sight of the player and walked back
    // to where it had seen them, to flee again at the next blow; forever.
    let level = corridor(&[HIDE, Cell::new(6, 7)]);
    let hurt = [player(), imp_at(HIDE, 1)];
    assert_eq!(choice(&level, &hurt, 1), Intention::Stay);
    // Unhurt, it still hunts where it last saw the player.
    let unhurt = [player(), imp_at(HIDE, 3)];
    assert_eq!(choice(&level, &unhurt, 1), Intention::Move(CORNER));
}

#[test]
fn a_hurt_coward_in_sight_flees_to_a_free_tile() {
    let level = corridor(&[]);
    let creatures = [player(), imp_at(NEXT, 1)];
    assert_eq!(choice(&level, &creatures, 1), Intention::Move(CORNER));
}

#[test]
fn a_cornered_coward_fights() {
    // Its only way away is taken: it strikes instead of bouncing off the other creature
    // (and being struck without striking back).
    let level = corridor(&[]);
    let content = Content::bundled().unwrap();
    let rat = Creature::monster(2, content.monster("rat").unwrap(), CORNER);
    let creatures = [player(), imp_at(NEXT, 1), rat];
    assert_eq!(choice(&level, &creatures, 1), Intention::Attack(ME));
    // With no way away at all, likewise.
    let mut dead_end = corridor(&[]);
    dead_end.terrain.set(CORNER, Terrain::Wall);
    let creatures = [player(), imp_at(NEXT, 1)];
    assert_eq!(choice(&dead_end, &creatures, 1), Intention::Attack(ME));
}

#[test]
fn a_pack_too_few_ever_to_gather_hunts_alone() {
    let shape = Shape::Parallelogram {
        width: 12,
        height: 5,
    };
    let level = Level::new("room", 1, Grid::new(&shape, Terrain::Floor).unwrap());
    let content = Content::bundled().unwrap();
    let wolf = content.monster("wolf").unwrap();
    let me = Creature::player(&content, Cell::new(1, 2));
    // Two wolves (a pack of two) where only one is near the player: it waits for the
    // other...
    let near = Creature::monster(1, wolf, Cell::new(3, 2));
    let far = Creature::monster(2, wolf, Cell::new(11, 2));
    let pair = [me.clone(), near.clone(), far];
    assert_eq!(choice(&level, &pair, 1), Intention::Stay);
    // ...but the last wolf of the level has no pack to wait for.
    let alone = [me, near];
    assert_eq!(choice(&level, &alone, 1), Intention::Move(Cell::new(2, 2)));
}

#[test]
fn a_pack_member_that_is_hurt_while_waiting_comes() {
    // Issue 17: jackals waiting for their pack stood still and were darted to death.
    let level = open_room();
    let content = Content::bundled().unwrap();
    let wolf = content.monster("wolf").unwrap();
    let me = Creature::player(&content, Cell::new(1, 2));
    let mut near = Creature::monster(1, wolf, Cell::new(3, 2));
    let far = Creature::monster(2, wolf, Cell::new(11, 2));
    let waiting = [me.clone(), near.clone(), far.clone()];
    assert_eq!(choice(&level, &waiting, 1), Intention::Stay);
    near.hp -= 2;
    let shot = [me, near, far];
    assert_eq!(choice(&level, &shot, 1), Intention::Move(Cell::new(2, 2)));
}

fn open_room() -> Level {
    let shape = Shape::Parallelogram {
        width: 12,
        height: 5,
    };
    Level::new("room", 1, Grid::new(&shape, Terrain::Floor).unwrap())
}

/// A room with a ford of shallow water two tiles wide (x = 3, 4) across rows `rows`.
fn ford(rows: std::ops::Range<i32>) -> Level {
    let mut level = open_room();
    for y in rows {
        for x in [3, 4] {
            level.terrain.set(Cell::new(x, y), Terrain::ShallowWater);
        }
    }
    level
}

fn across_the_water(monster: &str) -> [Creature; 2] {
    let content = Content::bundled().unwrap();
    let kind = content.monster(monster).unwrap();
    [
        Creature::player(&content, Cell::new(1, 2)),
        Creature::monster(1, kind, Cell::new(5, 2)),
    ]
}

#[test]
fn a_slow_monster_goes_round_the_water_by_a_dry_way() {
    // Issue 17: an ogre waded toward a dart thrower, two actions a step, and died in the
    // water without reaching anyone. With a dry way round (row 4), it takes that.
    let level = ford(0..4);
    let ogre = across_the_water("ogre");
    let Intention::Move(to) = choice(&level, &ogre, 1) else {
        panic!("it should move");
    };
    assert_eq!(level.terrain_at(to), Some(Terrain::Floor), "{to:?}");
    let goal = Cell::new(5, 4);
    assert!(level.terrain.distance(to, goal) < level.terrain.distance(Cell::new(5, 2), goal));
}

#[test]
fn a_slow_monster_with_no_dry_way_waits_on_the_bank() {
    let level = ford(0..5);
    assert_eq!(
        choice(&level, &across_the_water("ogre"), 1),
        Intention::Stay
    );
    // A monster as fast as the player wades on.
    let goblin = across_the_water("goblin");
    let Intention::Move(to) = choice(&level, &goblin, 1) else {
        panic!("it should move");
    };
    assert_eq!(level.terrain_at(to), Some(Terrain::ShallowWater));
}

#[test]
fn a_slow_monster_with_no_dry_way_steps_out_of_sight() {
    // Walls around the ogre but for its south-east, which the wall south of it hides
    // from the player.
    let mut level = ford(0..5);
    for wall in [Cell::new(6, 2), Cell::new(5, 3), Cell::new(5, 1)] {
        level.terrain.set(wall, Terrain::Wall);
    }
    let ogre = across_the_water("ogre");
    let content = Content::bundled().unwrap();
    let senses = Senses::new(&level, content.monsters(), &ogre, 1, None);
    let to = match choice(&level, &ogre, 1) {
        Intention::Move(to) => to,
        other => panic!("it should step out of sight, not {other:?}"),
    };
    assert_eq!(to, Cell::new(6, 3));
    assert!(!senses.player_sees(to));
}

#[test]
fn a_shooter_does_not_shoot_at_a_player_in_brush_and_comes_closer() {
    let shape = Shape::Parallelogram {
        width: 12,
        height: 5,
    };
    let mut level = Level::new("room", 1, Grid::new(&shape, Terrain::Floor).unwrap());
    let content = Content::bundled().unwrap();
    let centaur = content.monster("centaur").unwrap();
    let creatures = [
        Creature::player(&content, Cell::new(1, 2)),
        Creature::monster(1, centaur, Cell::new(6, 2)),
    ];
    assert_eq!(
        choice(&level, &creatures, 1),
        Intention::Throw(Cell::new(1, 2))
    );
    // The shot would stop before the brush: it closes in instead.
    level.terrain.set(Cell::new(1, 2), Terrain::Brush);
    assert_eq!(
        choice(&level, &creatures, 1),
        Intention::Move(Cell::new(5, 2))
    );
}

#[test]
fn kin_keep_off_a_tile_a_kin_chose_before_them() {
    // Two jackals (too few for a pack of three: they hunt) both best served by (2, 2), the
    // east neighbour of the player: the second takes another way in, instead of losing a
    // contest for it to the first and standing still.
    let level = open_room();
    let content = Content::bundled().unwrap();
    let jackal = content.monster("jackal").unwrap();
    let creatures = [
        Creature::player(&content, Cell::new(1, 2)),
        Creature::monster(1, jackal, Cell::new(3, 2)),
        Creature::monster(2, jackal, Cell::new(3, 3)),
    ];
    let mut rng = stream(1, Stream::Ai, 0);
    let mut senses = Senses::new(&level, content.monsters(), &creatures, 1, None);
    let first = choose(&senses, &creatures[1], &mut rng).0;
    assert_eq!(first, Intention::Move(Cell::new(2, 2)));
    assert_eq!(
        choose(&senses, &creatures[2], &mut rng).0,
        Intention::Move(Cell::new(2, 2)),
        "alone, the second would take it too"
    );
    senses.note(&creatures[1], first);
    assert_eq!(
        choose(&senses, &creatures[2], &mut rng).0,
        Intention::Move(Cell::new(2, 3))
    );
}

#[test]
fn in_a_corridor_a_monster_waits_behind_another_instead_of_bumping_into_it() {
    // Row 2 is a corridor one tile wide: the orc at (4, 2) is best served by (3, 2),
    // where a goblin stands; with no way round, it waits instead of bouncing off the
    // goblin every action (issue 17's jams of wolves, trolls and wraiths).
    let mut level = open_room();
    for y in [0, 1, 3, 4] {
        for x in 0..12 {
            level.terrain.set(Cell::new(x, y), Terrain::Wall);
        }
    }
    let content = Content::bundled().unwrap();
    let creatures = [
        Creature::player(&content, Cell::new(1, 2)),
        Creature::monster(1, content.monster("goblin").unwrap(), Cell::new(3, 2)),
        Creature::monster(2, content.monster("orc").unwrap(), Cell::new(4, 2)),
    ];
    let mut rng = stream(1, Stream::Ai, 0);
    let mut senses = Senses::new(&level, content.monsters(), &creatures, 1, None);
    assert_eq!(
        choose(&senses, &creatures[2], &mut rng).0,
        Intention::Stay,
        "the goblin holds the only way"
    );
    // Once the goblin is known to step on, the orc follows into its tile.
    let goblin = choose(&senses, &creatures[1], &mut rng).0;
    assert_eq!(goblin, Intention::Move(Cell::new(2, 2)));
    senses.note(&creatures[1], goblin);
    assert_eq!(
        choose(&senses, &creatures[2], &mut rng).0,
        Intention::Move(Cell::new(3, 2))
    );
}
