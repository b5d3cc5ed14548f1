//! What a player's client sees is what the server's world says their hero sees: the view
//! carries the hero's field of view, since the redacted world the client gets (every tile the
//! hero never saw a wall) would see less through the tiles that lines of sight cross without
//! lighting them, and so hide a monster the server's rules (a standing order's stop among
//! them) know is in view.
#![allow(clippy::unwrap_used)]

use hexdeep::content::Content;
use hexdeep::geom::Tiling;
use hexdeep::net::view::redact;
use hexdeep::net::{GameId, View};
use hexdeep::sim::{Command, CreatureId, World};
use std::sync::Arc;

/// The client's world for hero `hero`, as it decodes the view the server sends.
fn client_world(world: &World, hero: CreatureId) -> World {
    let (redacted, ids) = redact(world, hero).unwrap();
    let view = View {
        game: GameId(1),
        turn: world.turn(),
        segment: world.segment(),
        hero: hero as u32,
        ids: ids.iter().map(|&i| i as u32).collect(),
        world: hexdeep::persist::encode_world(&redacted).unwrap(),
        visible: world.hero_view(hero).iter().map(|&i| i as u32).collect(),
        log_start: 0,
        log: Vec::new(),
        seats: Vec::new(),
    };
    view.world(&world.content_handle()).unwrap()
}

/// Every acting hero steps along its exploring path (or waits).
fn explore(world: &mut World) {
    let commands: Vec<(CreatureId, Command)> = world
        .acting_heroes()
        .iter()
        .map(|&h| {
            let here = world.creatures()[h].pos;
            let step = world
                .explore_path_for(h)
                .and_then(|p| p.first().copied())
                .and_then(|next| world.level_of(h).terrain.direction(here, next));
            (h, step.map_or(Command::Wait, Command::Move))
        })
        .collect();
    world.apply_all(&commands).unwrap();
}

#[test]
fn a_client_sees_exactly_the_tiles_its_hero_sees_on_the_server() {
    let content: Arc<Content> = Content::bundled().unwrap().into();
    let (mut compared, mut redaction_alone_short) = (0, 0);
    for tiling in [Tiling::Hex, Tiling::Square, Tiling::Triangle] {
        for seed in 1..=2 {
            let source = hexdeep::mapgen::dungeon_on(tiling);
            let mut world = World::new_party(content.clone(), source, seed, Vec::new(), 2).unwrap();
            for _ in 0..80 {
                if world.is_over() {
                    break;
                }
                explore(&mut world);
                for &hero in world.heroes() {
                    let client = client_world(&world, hero);
                    let (alone, _) = redact(&world, hero).unwrap();
                    for (cell, _) in world.level_of(hero).terrain.iter() {
                        let server = world.hero_sees(hero, cell);
                        assert_eq!(
                            client.is_visible(cell),
                            server,
                            "{tiling:?} seed {seed} hero {hero} {cell}"
                        );
                        redaction_alone_short +=
                            usize::from(server && !alone.hero_sees(hero, cell));
                        compared += 1;
                    }
                }
            }
        }
    }
    assert!(compared > 0);
    // The walks met tiles the redacted world alone would not have seen.
    assert!(redaction_alone_short > 0);
}
