//! Each person sees through their own hero (issue 31): the world's viewer makes the player's
//! queries look through one hero's eyes without changing the game, and a segment's messages
//! are told to each hero ("you" for them, the others by name, only what they see).
#![allow(clippy::unwrap_used)]

#[path = "support/room.rs"]
mod room;
use hexdeep::content::Content;
use hexdeep::geom::Cell;
use hexdeep::map::SideFeature;
use hexdeep::sim::{Command, Event, Names, World, messages_seen_by};

/// A party of two in the room with `monsters`; `walled`, the player's tile (1, 2) is shut in
/// by thin walls on all its sides, so the player sees nothing of the room and hero 2, beside
/// it at (0, 1), sees it all.
fn party(walled: bool, monsters: &[(&str, Cell)]) -> World {
    let mut level = room::level(monsters);
    if walled {
        let me = Cell::new(1, 2);
        let around: Vec<Cell> = level.terrain.neighbours(me).collect();
        for n in around {
            let side = level.side_of(me, n).unwrap();
            assert!(level.set_side(side, SideFeature::Wall));
        }
    }
    let content: std::sync::Arc<Content> = Content::bundled().unwrap().into();
    let world = World::party_on_levels(content, vec![level], 5, 2).unwrap();
    assert_eq!(world.creatures()[1].pos, Cell::new(0, 1));
    world
}

/// Hero `hero` does `command` while the other acting heroes wait; the events.
fn only(world: &mut World, hero: usize, command: Command) -> Vec<Event> {
    let commands: Vec<(usize, Command)> = world
        .acting_heroes()
        .iter()
        .map(|&h| (h, if h == hero { command } else { Command::Wait }))
        .collect();
    world.apply_all(&commands).unwrap()
}

#[test]
fn the_viewer_makes_the_players_queries_look_through_that_hero_and_changes_no_rule() {
    let rat = Cell::new(4, 1);
    let mut world = party(true, &[("rat", rat)]);
    assert!(world.hero_sees(1, rat) && !world.hero_sees(0, rat));
    let hash = world.turn_hash();
    assert_eq!(world.viewer(), World::PLAYER);
    assert!(!world.is_visible(rat) && world.visible_monsters().is_empty());
    assert!(world.set_viewer(1));
    assert_eq!(world.player().id, 1);
    assert!(world.is_visible(rat), "hero 2's eyes see the rat");
    assert_eq!(world.visible_monsters().len(), 1);
    assert_eq!(world.turn_hash(), hash, "looking changes nothing");
    assert!(!world.set_viewer(2), "creature 2 is the rat, no hero");
    assert_eq!(world.viewer(), 1);
    assert!(world.set_viewer(0));
    assert!(!world.is_visible(rat));
}

#[test]
fn a_hero_steps_into_an_enemy_it_sees_as_a_blow_though_the_player_does_not_see_it() {
    let mut world = party(true, &[("rat", Cell::new(4, 1))]);
    // The rat hunts hero 2: once it stands beside them, out of the player's sight, hero 2
    // steps into it.
    for _ in 0..40 {
        let (me, rat) = (world.creatures()[1].pos, world.creatures()[2].pos);
        let dir = world.level().terrain.direction(me, rat);
        match dir {
            Some(dir) if world.creatures()[2].alive && !world.hero_sees(0, rat) => {
                assert!(world.hero_sees(1, rat));
                let events = only(&mut world, 1, Command::Move(dir));
                let struck = events.iter().any(|e| {
                    matches!(
                        e,
                        Event::Hit { attacker: 1, .. } | Event::Missed { attacker: 1, .. }
                    )
                });
                assert!(
                    struck,
                    "a step into the rat hero 2 sees is a blow: {events:?}"
                );
                return;
            }
            _ => {
                only(&mut world, 1, Command::Wait);
            }
        }
    }
    panic!("the rat never stood beside hero 2 out of the player's sight");
}

#[test]
fn a_segment_is_told_to_each_hero_from_their_own_point_of_view() {
    let mut world = party(false, &[]);
    let names = Names::default();
    let events = only(&mut world, 1, Command::Drop('a'));
    let dropped = events
        .iter()
        .any(|e| matches!(e, Event::Dropped { who: 1, .. }));
    assert!(dropped, "{events:?}");
    let to_hero_2 = messages_seen_by(&events, &world, &names, 1).join(" / ");
    let to_player = messages_seen_by(&events, &world, &names, 0).join(" / ");
    assert!(to_hero_2.starts_with("you drop "), "{to_hero_2}");
    assert!(to_player.starts_with("hero 2 drops "), "{to_player}");
    // Out of the player's sight, what hero 2 does is not told to them.
    let mut world = party(true, &[]);
    assert!(!world.hero_sees(0, Cell::new(0, 1)));
    let events = only(&mut world, 1, Command::Drop('a'));
    assert!(messages_seen_by(&events, &world, &names, 0).is_empty());
    assert_eq!(messages_seen_by(&events, &world, &names, 1).len(), 1);
}

#[test]
fn the_world_runs_the_level_the_living_went_on_to_when_the_first_hero_fell() {
    let mut first = room::level(&[]);
    first
        .terrain
        .set(Cell::new(0, 1), hexdeep::map::Terrain::StairsDown);
    let mut second = room::level(&[]);
    second.name = "below".to_string();
    second
        .terrain
        .set(Cell::new(1, 2), hexdeep::map::Terrain::StairsUp);
    let content: std::sync::Arc<Content> = Content::bundled().unwrap().into();
    let world = World::party_on_levels(content.clone(), vec![first, second], 5, 2).unwrap();
    assert_eq!(
        world.creatures()[1].pos,
        Cell::new(0, 1),
        "hero 2 on the stairs"
    );
    let mut parts = world.to_parts();
    parts.creatures[0].alive = false;
    parts.creatures[0].hp = 0;
    let mut world = World::from_parts(parts, content).unwrap();
    world.apply_all(&[(1, Command::Descend)]).unwrap();
    assert_eq!(world.occupied_depths(), [2], "the level the world runs");
    assert_eq!(world.lead_depth(), 2);
    assert_eq!(
        world.depth(),
        1,
        "the fallen viewer looks at where they fell"
    );
    assert!(world.set_viewer(1));
    assert_eq!(world.depth(), 2);
    assert_eq!(world.level().name, "below", "the level hero 2 is on");
    assert_eq!(world.level().depth, 2);
}
