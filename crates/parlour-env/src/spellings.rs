use parlour_core::{Encoding, Seat};

/// One seat's legal actions at one node with the ids that spell them, worked out once per node:
/// a mask and the step after it then share one `legal_actions` call.
#[derive(Clone, Debug)]
pub(crate) struct Spellings<A> {
    /// The seat they are for; `None` once the state has changed.
    seat: Option<Seat>,
    actions: Vec<A>,
    /// Every spelling, one after another.
    ids: Vec<usize>,
    /// Where each spelling ends in `ids`.
    ends: Vec<usize>,
}

impl<A: Copy> Spellings<A> {
    pub(crate) fn new() -> Self {
        Spellings {
            seat: None,
            actions: Vec::new(),
            ids: Vec::new(),
            ends: Vec::new(),
        }
    }

    /// Forgets them: the state changed.
    pub(crate) fn clear(&mut self) {
        self.seat = None;
    }

    pub(crate) fn is_for(&self, seat: Seat) -> bool {
        self.seat == Some(seat)
    }

    /// Works them out for `seat` at `state`.
    pub(crate) fn fill<G: Encoding<Action = A>>(&mut self, state: &G, seat: Seat) {
        state.legal_actions(seat, &mut self.actions);
        self.ids.clear();
        self.ends.clear();
        for &a in &self.actions {
            state.action_ids(seat, a, &mut self.ids);
            self.ends.push(self.ids.len());
        }
        self.seat = Some(seat);
    }

    fn spellings(&self) -> impl Iterator<Item = (A, &[usize])> {
        let starts = std::iter::once(0).chain(self.ends.iter().copied());
        self.actions
            .iter()
            .zip(starts.zip(self.ends.iter().copied()))
            .map(|(&a, (s, e))| (a, &self.ids[s..e]))
    }

    /// The ids that may follow `prefix`, sorted and unique.
    pub(crate) fn next_ids(&self, prefix: &[usize], out: &mut Vec<usize>) {
        out.clear();
        if prefix.is_empty() && self.ids.len() == self.actions.len() {
            // Every action one id: the spellings are the ids, unique by the contract.
            out.extend_from_slice(&self.ids);
            if !out.is_sorted() {
                out.sort_unstable();
            }
            return;
        }
        {
            for (_, ids) in self.spellings() {
                if ids.len() > prefix.len() && ids.starts_with(prefix) {
                    out.push(ids[prefix.len()]);
                }
            }
        }
        if !out.is_sorted() {
            out.sort_unstable();
        }
        out.dedup();
    }

    /// Whether `id` after `prefix` continues some spelling, and the action it completes.
    pub(crate) fn find(&self, prefix: &[usize], id: usize) -> (bool, Option<A>) {
        if prefix.is_empty() && self.ids.len() == self.actions.len() {
            let i = self.ids.iter().position(|&x| x == id);
            return (i.is_some(), i.map(|i| self.actions[i]));
        }
        let depth = prefix.len();
        let mut extends = false;
        for (a, ids) in self.spellings() {
            if ids.len() > depth && ids[depth] == id && ids.starts_with(prefix) {
                extends = true;
                if ids.len() == depth + 1 {
                    return (true, Some(a));
                }
            }
        }
        (extends, None)
    }
}
