//! What a hotseat game shows of its party: the line over the map that says whose turn it is,
//! and the sidebar's list of every hero with their hit points, depth and whether the segment
//! still waits for their directive.

use crate::sim::World;
use crate::ui::hotseat::timer::minutes;
use crate::ui::hotseat::{Member, Presence, Roster};
use crate::ui::palette::Palette;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

/// Draws "Ann's turn — hero Ann, depth 1" as a bar across the top row of the map area `map`,
/// so the map's own row never runs on beside it.
pub fn banner(world: &World, roster: &Roster, map: Rect, buf: &mut Buffer) {
    let Some(text) = roster.banner(world) else {
        return;
    };
    let style = Style::default().add_modifier(Modifier::REVERSED | Modifier::BOLD);
    let row = Rect { height: 1, ..map };
    ratatui::widgets::Clear.render(row, buf);
    Paragraph::new(Line::raw(format!(" {text}")))
        .style(style)
        .render(row, buf);
}

/// The sidebar's lines about the party: a title, then two lines a hero — their name, hit
/// points and depth, the one whose turn it is marked `>` and in bold; under it, indented,
/// where they stand in the coming segment and, in a game with a clock, their person's time
/// left (reversed while it runs). Two short lines fit the sidebar where one long one was cut.
pub fn lines(world: &World, roster: &Roster, palette: Palette) -> Vec<Line<'static>> {
    let bold = Style::default().add_modifier(Modifier::BOLD);
    let mut lines = vec![Line::styled("Party:", bold)];
    for (n, member) in roster.heroes.iter().enumerate() {
        let Some(hero) = world.creatures().get(member.hero) else {
            continue;
        };
        let mark = if n == roster.turn { '>' } else { ' ' };
        let text = format!(
            "{mark}{}: {}/{} hp, D{}",
            member.name,
            hero.hp.max(0),
            hero.max_hp,
            hero.depth
        );
        let style = match (n == roster.turn, member.to_play && palette.color) {
            (true, true) => bold.fg(Color::Yellow),
            (true, false) => bold,
            (false, true) => Style::default().fg(Color::Yellow),
            (false, false) if !hero.alive => palette.faint(),
            (false, false) => Style::default(),
        };
        lines.push(Line::styled(text, style));
        let mut under = vec![Span::styled(format!("  {}", state(world, member)), style)];
        under.extend(clock_span(member));
        lines.push(Line::from(under));
    }
    lines
}

/// A person's clock after their hero's state: `, clock 4:45`, the time reversed while it
/// runs. None for a person who no longer plays.
fn clock_span(member: &Member) -> Option<Span<'static>> {
    let left = member.clock?;
    if member.presence != Presence::Playing {
        return None;
    }
    let style = if member.running {
        Style::default().add_modifier(Modifier::REVERSED | Modifier::BOLD)
    } else {
        Style::default()
    };
    Some(Span::styled(format!(", clock {}", minutes(left)), style))
}

/// Where a hero stands in the coming segment: fallen, still to give a directive, carrying
/// on a standing order, given one, or not acting in it.
fn state(world: &World, member: &Member) -> &'static str {
    let alive = world.creatures().get(member.hero).is_some_and(|c| c.alive);
    match member.order {
        _ if member.presence == Presence::Watching => "watching",
        _ if member.presence == Presence::Gone => "gone",
        _ if !alive => "dead",
        _ if member.late => "late",
        _ if member.to_play => "to play",
        Some(doing) => doing.words(),
        None if world.acting_heroes().contains(&member.hero) => "ready",
        None => "busy",
    }
}
