//! The end screen: the run's story, the hall of fame with this run's place, where the replay
//! and the character dump went, and the keys.

use crate::persist::Score;
use crate::sim::{Ending, Story, World};
use crate::ui::state::EndReport;
use crate::ui::view::help::scrolled_panel;
use crate::ui::view::log::wrap;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Clear, Widget};

/// The end screen widget.
pub struct EndView<'a> {
    /// The ended world.
    pub world: &'a World,
    /// What became of the game's files (`None` for a game kept on no file).
    pub report: Option<&'a EndReport>,
    /// Lines scrolled past at the top.
    pub scroll: usize,
}

/// "2 jackals, a rat", or "none".
pub fn tally(counts: &std::collections::BTreeMap<String, u32>) -> String {
    if counts.is_empty() {
        return "none".to_string();
    }
    let parts: Vec<String> = counts
        .iter()
        .map(|(n, c)| crate::ui::words::how_many(*c, n))
        .collect();
    parts.join(", ")
}

/// The items a run put to use, as the end screen and the character dump tell them. The story
/// counts a weapon wielded or armour put on as "used" like a potion drunk; told so, a chain
/// mail worn all game read as used up.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ItemsTold {
    /// Items used up: drunk, read, thrown or fired, by name.
    pub used_up: std::collections::BTreeMap<String, u32>,
    /// Weapons and launchers wielded, each named once.
    pub wielded: Vec<String>,
    /// Armour worn, each named once.
    pub worn: Vec<String>,
}

impl ItemsTold {
    /// The story's items of `world`, sorted by how they were used.
    pub fn of(world: &World) -> ItemsTold {
        use crate::sim::ItemAction;
        let mut told = ItemsTold::default();
        for (name, &n) in &world.story().items_used {
            let action = world.content().item(name).map(|k| k.use_.action());
            match action {
                Some(ItemAction::Wield) => told.wielded.push(name.clone()),
                Some(ItemAction::Wear) => told.worn.push(name.clone()),
                _ => {
                    told.used_up.insert(name.clone(), n);
                }
            }
        }
        told
    }

    /// "a mace, a sling", or "nothing".
    pub fn list(names: &[String]) -> String {
        if names.is_empty() {
            return "nothing".to_string();
        }
        let parts: Vec<String> = names.iter().map(|n| crate::sim::a_name(n)).collect();
        parts.join(", ")
    }
}

/// The story's lines: how it ended, how deep, how long, kills, items.
pub fn story_lines(world: &World) -> Vec<String> {
    let story: &Story = world.story();
    let items = ItemsTold::of(world);
    let headline = match world.ending() {
        Some(Ending::Won) => "You escaped from the dungeon with the artifact. You win!".to_string(),
        Some(Ending::Died { cause, depth }) => {
            format!("You died on depth {depth}, killed by {cause}.")
        }
        Some(Ending::Quit) => "You gave up the run.".to_string(),
        Some(Ending::OutOfTime) => "The run ran out of time.".to_string(),
        None => "The run goes on.".to_string(),
    };
    vec![
        headline,
        String::new(),
        format!("Deepest depth: {}", story.deepest),
        format!("Turns: {}", world.turns_played()),
        format!("Kills ({}): {}", story.kill_count(), tally(&story.kills)),
        format!("Items used up: {}", tally(&items.used_up)),
        format!("Wielded: {}", ItemsTold::list(&items.wielded)),
        format!("Wore: {}", ItemsTold::list(&items.worn)),
    ]
}

/// Appends `text` to `out` wrapped to `width`, every line in `style`.
fn para(out: &mut Vec<Line<'static>>, text: &str, width: usize, style: Style) {
    for part in wrap(text, width) {
        out.push(Line::styled(part, style));
    }
}

/// One line of the hall of fame: the entry at `place` (from 1), marked and reversed when it
/// is `this` run.
fn hall_line(place: usize, e: &Score, this: bool) -> Line<'static> {
    let text = format!(
        "{} {:>2}. {:>7} pts  {}{}; deepest {}, {}{}",
        if this { ">" } else { " " },
        place,
        e.points(),
        e.played_by(),
        e.ending.describe(),
        e.deepest,
        e.tally(),
        if e.taken_over { ", taken over" } else { "" }
    );
    let style = if this {
        Style::default().add_modifier(Modifier::REVERSED)
    } else {
        Style::default()
    };
    // Not wrapped: the wrapping would eat the leading spaces that align it.
    Line::styled(text, style)
}

impl EndView<'_> {
    /// The whole screen's text wrapped to `width`: the story, the hall of fame, the files
    /// written and the keys.
    fn lines(&self, width: usize) -> Vec<Line<'static>> {
        let bold = Style::default().add_modifier(Modifier::BOLD);
        let mut out: Vec<Line<'static>> = Vec::new();
        for (i, line) in story_lines(self.world).into_iter().enumerate() {
            let style = if i == 0 { bold } else { Style::default() };
            para(&mut out, &line, width, style);
        }
        out.push(Line::raw(""));
        out.push(Line::styled("Hall of fame", bold));
        self.hall_lines(&mut out, width);
        out.push(Line::raw(""));
        self.file_lines(&mut out, width);
        para(
            &mut out,
            "Q quit   P messages   Up/Down scroll   any other key: look at the map (and back here)",
            width,
            bold,
        );
        out
    }

    /// The hall of fame's part under its title: why this run is not in it, or its entries
    /// with this run's marked, or why there is none to show.
    fn hall_lines(&self, out: &mut Vec<Line<'static>>, width: usize) {
        let plain = Style::default();
        let not_recorded = self.report.and_then(EndReport::not_recorded_line);
        if let Some(line) = &not_recorded {
            para(out, line, width, plain);
        }
        match self.report.and_then(|r| r.hall.as_ref()) {
            None if not_recorded.is_some()
                || self.report.is_some_and(|r| !r.problems.is_empty()) => {}
            None => para(out, "Not kept: this game has no save file.", width, plain),
            Some(hall) if hall.entries.is_empty() => {
                para(out, "Empty: no run made it.", width, plain);
            }
            Some(hall) => {
                let places = self.report.map_or(&[][..], |r| r.places.as_slice());
                for (i, e) in hall.entries.iter().enumerate() {
                    out.push(hall_line(i + 1, e, places.contains(&(i + 1))));
                }
                if places.is_empty() && not_recorded.is_none() {
                    para(out, "This run did not make the ten best.", width, plain);
                }
            }
        }
    }

    /// Where the replay and the character dump went and what could not be written, then a
    /// blank line; nothing for a game kept on no file.
    fn file_lines(&self, out: &mut Vec<Line<'static>>, width: usize) {
        let Some(r) = self.report else {
            return;
        };
        let plain = Style::default();
        if let Some(p) = &r.replay {
            para(out, &format!("Replay: {}", p.display()), width, plain);
        }
        if let Some(p) = &r.morgue {
            para(
                out,
                &format!("Character dump: {}", p.display()),
                width,
                plain,
            );
        }
        for p in &r.problems {
            para(out, &format!("Could not write: {p}"), width, plain);
        }
        out.push(Line::raw(""));
    }
}

impl Widget for &EndView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let inner_width = usize::from(area.width.saturating_sub(2));
        let wanted = self.lines(inner_width).len() + 2;
        let height = u16::try_from(wanted).unwrap_or(u16::MAX).min(area.height);
        // As tall as its text, so the map where the run ended shows below it.
        let area = Rect { height, ..area };
        Clear.render(area, buf);
        let title = match self.world.ending() {
            Some(Ending::Won) => " Victory ",
            Some(Ending::Died { .. }) => " Rest in peace ",
            _ => " The end ",
        };
        let block = Block::default().borders(Borders::ALL).title(title);
        let scroll = self.scroll;
        scrolled_panel(block, |width| self.lines(width), scroll, area, buf);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tallies_count_in_words() {
        let counts = [("dart".to_string(), 138), ("rat".to_string(), 1)];
        assert_eq!(tally(&counts.into_iter().collect()), "138 darts, a rat");
        assert_eq!(tally(&std::collections::BTreeMap::new()), "none");
    }
}
