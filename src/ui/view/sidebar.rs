//! The sidebar: the player's state, the place, the monsters in view and their plans.

use crate::geom::Cell;
use crate::sim::{Intention, Plan, Stance, World};
use crate::ui::alarm;
use crate::ui::describe::{describe_named, level_title, pace_brief};
use crate::ui::inventory;
use crate::ui::palette::Palette;
use crate::ui::state::{Mode, Shell, UiState};
use crate::ui::view::overlay::Overlay;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget, Wrap};

/// The replay viewer's keys, as [`crate::ui::replay::Replayer::key`] handles them.
pub const WATCHING_KEYS: [&str; 4] = [
    "REPLAY: Space play/pause",
    "+ - speed   . → ← step",
    "g turn   < > level   z map",
    "t take over   q quit",
];

/// The replay viewer's keys for a party's game.
pub const PARTY_KEYS: &str = "v next hero   V all heroes";

/// The sidebar widget.
pub struct Sidebar<'a> {
    /// The world.
    pub world: &'a World,
    /// The shell state.
    pub ui: &'a UiState,
    /// Colours.
    pub palette: Palette,
    /// The map's overlay: while a direction is chosen (`F`) its key labels hide what stands
    /// on the neighbouring tiles, so the list of monsters says which key reaches each one.
    pub overlay: Option<&'a Overlay>,
}

impl Widget for &Sidebar<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let block = Block::default().borders(Borders::LEFT);
        let inner = block.inner(area);
        block.render(area, buf);
        Paragraph::new(self.lines(inner.width))
            .wrap(Wrap { trim: true })
            .render(inner, buf);
    }
}

/// A level's title on one line of `width` cells, so that the lines under it stay in their
/// places: as it is when it fits, else without the article of its name ("Depth 6: overgrown
/// caves"), else cut with an ellipsis.
pub fn one_line(title: &str, width: u16) -> String {
    let width = usize::from(width);
    let fits = |t: &str| t.chars().count() <= width;
    if fits(title) {
        return title.to_string();
    }
    let shorter = title.replacen(": the ", ": ", 1);
    if fits(&shorter) {
        return shorter;
    }
    let mut cut: String = shorter.chars().take(width.saturating_sub(1)).collect();
    cut.push('…');
    cut
}

impl Sidebar<'_> {
    /// The monster whose line in the list is drawn on `row` of the sidebar in `area`, if any:
    /// a click there selects it.
    pub fn monster_on_row(&self, area: Rect, row: u16) -> Option<&crate::sim::Creature> {
        let mut buf = Buffer::empty(area);
        self.render(area, &mut buf);
        let text: String = (area.left()..area.right())
            .map(|col| buf[(col, row)].symbol())
            .collect();
        let text = text.trim_start_matches(['│', ' ']);
        let names = self.ui.names.updated(self.world);
        self.world.visible_monsters().into_iter().find(|m| {
            let name = names.name(self.world, m.id);
            text.starts_with(&format!("{} {name} {}/{} hp", m.glyph, m.hp, m.max_hp))
        })
    }

    /// The sidebar's text for a width of `width` cells: the status, the gear, what is carried,
    /// the monsters in view, what the cursor points at and the keys of the mode.
    fn lines(&self, width: u16) -> Vec<Line<'static>> {
        let world = self.world;
        let bold = Style::default().add_modifier(Modifier::BOLD);
        let mut lines = self.status_lines(width, bold);
        if let Some(roster) = &self.ui.party {
            lines.push(Line::raw(""));
            lines.extend(super::party::lines(world, roster, self.palette));
            lines.push(Line::raw(""));
        }
        lines.extend(self.gear_lines());
        let names = self.ui.names.updated(world);
        let directed = crate::ui::allies::shown_allies(self.ui, world);
        let allies = crate::ui::allies::sidebar_lines(world, &directed, &self.ui.tells, &names);
        lines.extend(allies.into_iter().map(Line::raw));
        lines.push(Line::raw(""));
        let carried = inventory::summary(world);
        if carried.is_empty() {
            lines.push(Line::styled("You carry nothing.", self.palette.faint()));
        } else {
            lines.push(Line::raw(format!("Carrying (i): {}", carried.join(", "))));
        }
        lines.push(Line::raw(""));
        lines.extend(self.monster_lines(bold));
        lines.push(Line::raw(""));
        if let Some(hex) = self.ui.pointed {
            let names = self.ui.names.updated(world);
            lines.push(Line::raw(describe_named(world, &names, hex)));
            lines.push(Line::raw(""));
        }
        lines.extend(self.mode_help().into_iter().map(Line::raw));
        lines
    }

    /// The level's title, the hit points, the turn and action, and the seed of a generated
    /// dungeon.
    fn status_lines(&self, width: u16, bold: Style) -> Vec<Line<'static>> {
        let world = self.world;
        let level = world.level();
        let (action, actions) = world.player_action_in_turn();
        let mut lines = vec![
            Line::styled(one_line(&level_title(level), width), bold),
            self.hp_line(width),
            Line::raw(if world.is_over() {
                // The turn the run ended in, as the end screen and the dump count it.
                format!("Turn {}", world.turn_shown())
            } else {
                format!("Turn {}, action {action}/{actions}", world.turn_shown())
            }),
        ];
        if world.makes_levels() {
            // The seed names the dungeon the game generates: a run can be shared.
            lines.push(Line::raw(format!(
                "Seed {}{}",
                world.seed(),
                crate::persist::on_tiling(level.terrain.tiling())
            )));
        }
        lines
    }

    /// What the player wields and wears, the melee figures, what is underfoot and, on
    /// triangles, which way the player's tile points.
    fn gear_lines(&self) -> Vec<Line<'static>> {
        let world = self.world;
        let me = world.player();
        let mut lines = vec![
            Line::raw(format!(
                "Wielding: {}",
                me.wielded.as_deref().unwrap_or("bare hands")
            )),
            Line::raw(format!(
                "Wearing: {}",
                me.worn.as_deref().unwrap_or("no armour")
            )),
            Line::raw({
                let gear = world.player_gear();
                format!("Melee: {} damage, armour {}", gear.damage, gear.armour)
            }),
            Line::raw(self.here()),
        ];
        let terrain = &world.level().terrain;
        if terrain.tiling() == crate::geom::Tiling::Triangle {
            // The `@` hides which way the tile points, and so which six steps it has.
            let way = if terrain.class_of(me.pos) == 1 {
                "up"
            } else {
                "down"
            };
            lines.push(Line::raw(format!("Your tile points {way}.")));
        }
        lines
    }

    /// The terrain underfoot and what lies on it.
    fn here(&self) -> String {
        let world = self.world;
        let me = world.player().pos;
        let ground = world
            .level()
            .terrain_at(me)
            .map_or("nothing", |t| t.describe());
        let mut counts: Vec<(&str, u32)> = Vec::new();
        for f in world.items_at(me) {
            match counts.iter_mut().find(|(name, _)| *name == f.item) {
                Some((_, n)) => *n += 1,
                None => counts.push((&f.item, 1)),
            }
        }
        let items: Vec<String> = counts
            .into_iter()
            .map(|(name, n)| crate::ui::words::how_many(n, name))
            .collect();
        if items.is_empty() {
            format!("Here: {ground}")
        } else {
            format!("Here: {ground}, {} (g: pick up)", items.join(", "))
        }
    }

    /// The monsters in view with their hit points and, with the telegraph on, their plans.
    fn monster_lines(&self, bold: Style) -> Vec<Line<'static>> {
        let world = self.world;
        let monsters = world.visible_monsters();
        let mut lines = vec![if monsters.is_empty() {
            Line::styled("Nothing in view.", self.palette.faint())
        } else {
            Line::styled("In view (hp, plan):", bold)
        }];
        let plans = world.visible_plans();
        let names = self.ui.names.updated(world);
        for m in monsters {
            let plan = plans.iter().find(|p| p.who == m.id);
            // A feint has a plan for each tile it may take.
            let choices = plans.iter().filter(|p| p.who == m.id).count();
            let intent = match plan {
                Some(p) if self.ui.telegraph && !world.is_over() => {
                    format!(", {}", self.plan_words(p, choices))
                }
                _ => String::new(),
            };
            // The monster under the look cursor (or last clicked) is highlighted here as it
            // is on the map, so "rat B" in the list is the rat the cursor is on.
            let text = Style::default();
            let text = if self.ui.pointed == Some(m.pos) {
                text.patch(self.palette.cursor())
            } else {
                text
            };
            let name = names.name(world, m.id);
            let pace = pace_brief(world, m.id).map_or(String::new(), |p| format!(", {p}"));
            let pace = format!("{pace}{}", self.strike_key_words(m.pos, plan));
            lines.push(Line::from(vec![
                Span::styled(
                    format!("{} ", m.glyph),
                    self.palette.creature(world.content(), &m.name),
                ),
                Span::styled(
                    format!("{name} {}/{} hp{intent}{pace}", m.hp, m.max_hp),
                    text,
                ),
            ]));
        }
        lines
    }

    /// While a direction is chosen: the key of the neighbouring tile a monster at `pos`
    /// stands on, or else of the one its plan steps onto, as " (on u)" or " (onto h)".
    fn strike_key_words(&self, pos: Cell, plan: Option<&Plan>) -> String {
        let key_of = |hex: Cell| self.overlay.and_then(|o| o.label_at(hex));
        if let Some(key) = key_of(pos) {
            return format!(" (on {key})");
        }
        match plan.map(|p| p.intention) {
            Some(Intention::Move(to)) => {
                key_of(to).map_or(String::new(), |k| format!(" (onto {k})"))
            }
            _ => String::new(),
        }
    }

    /// What a monster's plan means, in a few words; `choices` is how many plans it has (a
    /// feint has one for each tile it may step onto).
    fn plan_words(&self, plan: &Plan, choices: usize) -> String {
        let world = self.world;
        let me = world.player().pos;
        let later = if plan.acts_next { "" } else { " (later)" };
        let at_you = |t: Cell| if t == me { " you" } else { "" };
        let stance = world.stance(plan.who);
        let words = match plan.intention {
            Intention::Stay if stance == Stance::WaitsForPack => "waits for its pack".to_string(),
            Intention::Move(_) if stance == Stance::Flees => "flees".to_string(),
            Intention::Stay if stance == Stance::Hides => "hides".to_string(),
            Intention::Move(_) if world.is_charging(plan.who) => "charges".to_string(),
            Intention::Attack(t) if !world.level().terrain.adjacent(plan.from, t) => {
                if t == me { "thrusts at you" } else { "thrusts" }.to_string()
            }
            Intention::Attack(t) => format!("attacks{}", at_you(t)),
            Intention::Throw(t) => match world.shot_range(plan.who) {
                Some(r) => format!("shoots{} (range {r})", at_you(t)),
                None => format!("shoots{}", at_you(t)),
            },
            Intention::Move(_) if choices > 1 => format!("feints: one of {choices} tiles"),
            Intention::Move(_) => "moves".to_string(),
            Intention::Stay => "waits".to_string(),
        };
        format!("{words}{later}")
    }

    /// The hit points with a bar; when they are low ([`alarm::is_low`]) they say so in a
    /// word as well as in red, so the alarm reads without colour.
    fn hp_line(&self, width: u16) -> Line<'static> {
        let me = self.world.player();
        let low = alarm::is_low(me.hp, me.max_hp);
        let label = format!(
            "HP {:>3}/{:<3} {}",
            me.hp.max(0),
            me.max_hp,
            if low { "LOW " } else { "" }
        );
        let bar_len = usize::from(width).saturating_sub(label.len()).min(20);
        let filled = if me.max_hp > 0 {
            (bar_len as i64 * i64::from(me.hp.max(0)) / i64::from(me.max_hp)) as usize
        } else {
            0
        };
        let color = if low { Color::Red } else { Color::Green };
        let (bar_style, label_style) = match (self.palette.color, low) {
            (true, true) => (
                Style::default().fg(color),
                Style::default().fg(color).add_modifier(Modifier::BOLD),
            ),
            (true, false) => (Style::default().fg(color), Style::default()),
            (false, true) => (
                Style::default(),
                Style::default().add_modifier(Modifier::BOLD),
            ),
            (false, false) => (Style::default(), Style::default()),
        };
        Line::from(vec![
            Span::styled(label, label_style),
            Span::styled("=".repeat(filled), bar_style),
            Span::styled(
                "-".repeat(bar_len - filled.min(bar_len)),
                self.palette.faint(),
            ),
        ])
    }

    /// The keys of the mode, or of the replay viewer, as they act there.
    fn mode_help(&self) -> Vec<String> {
        let lines: Vec<String> = match self.ui.mode {
            Mode::Look { .. } => vec![
                "LOOK: direction keys move".into(),
                "Tab: next monster".into(),
                "Esc: done".into(),
            ],
            Mode::Aim { item, cursor } => self.aim_help(item, cursor),
            Mode::ConfirmThrow { .. } => vec![
                "THROW ANYWAY? It would".into(),
                "land short (see below)".into(),
                "y: yes, other: keep aiming".into(),
            ],
            Mode::PickTravel { .. } => vec![
                "TRAVEL: pick a tile".into(),
                "or click one".into(),
                "Enter: go, Esc: cancel".into(),
            ],
            Mode::ChooseItem { verb } => vec![
                format!("{}: choose a letter", verb.word().to_uppercase()),
                "Esc: cancel".into(),
            ],
            Mode::Strike => vec![
                "STRIKE: which way?".into(),
                "a direction key strikes".into(),
                "that tile, whoever stands".into(),
                "there after the moves".into(),
                "(or click a neighbour)".into(),
                "Esc: cancel".into(),
            ],
            Mode::Range => self.range_legend(),
            _ => self.map_help(),
        };
        lines.into_iter().filter(|l| !l.is_empty()).collect()
    }

    /// The aim mode's keys for throwing the item of letter `item` at `cursor`, saying when
    /// the way is blocked short of the cursor.
    fn aim_help(&self, item: char, cursor: Cell) -> Vec<String> {
        let what = self
            .world
            .player()
            .stack(item)
            .map_or("it".to_string(), |s| s.item.clone());
        let range = self
            .world
            .throw_range(item)
            .map_or(String::new(), |r| format!(" (range {r})"));
        let me = self.world.player().pos;
        let short = cursor != me && self.world.flight_path(me, cursor).last() != Some(&cursor);
        let blocked = if short {
            "the way is blocked: it lands before the cursor"
        } else {
            ""
        };
        vec![
            format!("AIM the {what}{range}: direction keys move"),
            format!("beyond the range the line is {}", self.beyond_range()),
            blocked.to_string(),
            "Tab: next monster".into(),
            "Enter: throw".into(),
            "i: another item".into(),
            "Esc: cancel".into(),
        ]
    }

    /// The keys on the plain map: the replay viewer's, the game over ones, or the game's.
    fn map_help(&self) -> Vec<String> {
        if self.ui.shell == Shell::Watch {
            let over = self.world.is_over().then(|| "GAME OVER".to_string());
            // A party's keys only in a party's game: a game of one's screen stays as it was.
            let party = (self.world.heroes().len() > 1).then(|| PARTY_KEYS.to_string());
            return over
                .into_iter()
                .chain(WATCHING_KEYS.map(String::from))
                .chain(party)
                .collect();
        }
        // Only a played game has an end screen (the replay viewer draws the world too).
        if self.world.is_over() && self.ui.end.is_some() {
            return vec!["GAME OVER".into(), "Q quit, Enter: the end screen".into()];
        }
        if self.world.is_over() {
            return vec!["GAME OVER".into()];
        }
        vec![
            "? help   i inventory".into(),
            "t telegraph   F strike".into(),
        ]
    }

    /// How the part of the aim line past the range is drawn.
    fn beyond_range(&self) -> &'static str {
        if self.palette.color {
            "magenta"
        } else {
            "struck through"
        }
    }

    /// The range overlay's legend, in the styles [`Palette::range`] draws.
    fn range_legend(&self) -> Vec<String> {
        let lines: &[&str] = if self.palette.color {
            &[
                "RANGE: green = this turn",
                "grey = next turn",
                "green underline = 3 turns",
                "any key: close",
            ]
        } else {
            &[
                "RANGE: reversed = this turn",
                "underlined = 2 or 3 turns",
                "any key: close",
            ]
        };
        lines.iter().map(ToString::to_string).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::one_line;

    #[test]
    fn a_title_keeps_to_one_line() {
        assert_eq!(one_line("Depth 1: the halls", 27), "Depth 1: the halls");
        assert_eq!(
            one_line("Depth 6: the overgrown caves", 27),
            "Depth 6: overgrown caves"
        );
        assert_eq!(
            one_line("Depth 2: a very long name of a map file", 20),
            "Depth 2: a very lon…"
        );
        assert_eq!(
            one_line("Depth 2: a very long name", 20).chars().count(),
            20
        );
    }
}
