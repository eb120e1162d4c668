//! Beyond the lesson: the leaderless gap after the lease holder crashes, in closed form. The
//! holder renews every `renew` rounds from round 0; crashing at round `c` it last renewed at
//! `renew · ⌊(c − 1) / renew⌋`, the lease ends `lease` rounds after that, and the first
//! follower poll (every `poll` rounds) at or after the end takes over. Rounds `c` to the
//! take-over's, which is leaderless too (the take-over follows the round's leader phase), have
//! no leader. Holds while the lease outlasts a renewal (`renew ≤ lease`) and a follower is up.

/// The leaderless rounds after the holder crashes at round `crash` (1 or later).
pub fn crash_gap(lease: u64, renew: u64, poll: u64, crash: u64) -> u64 {
    let last = renew * ((crash - 1) / renew);
    let takeover = (last + lease).div_ceil(poll) * poll;
    takeover + 1 - crash
}

/// Bounds of the gap over every crash round: a crash just before a renewal leaves at least
/// `lease − renew + 1` rounds, one just after it at most `lease + poll − 1`; with a poll every
/// round both are reached.
pub fn gap_range(lease: u64, renew: u64, poll: u64) -> (u64, u64) {
    (lease + 1 - renew, lease + poll - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lessons_crash() {
        // N1@20 with lease 4, renew 2, poll 1: renewed at 18, lease ends at 22, taken over at 22.
        assert_eq!(crash_gap(4, 2, 1, 20), 3);
        assert_eq!(crash_gap(16, 8, 1, 20), 13);
        assert_eq!(gap_range(4, 2, 1), (3, 4));
    }

    #[test]
    fn every_crash_round_is_within_the_range() {
        for (lease, renew, poll) in [(4, 2, 1), (8, 4, 3), (5, 5, 2), (16, 8, 7), (1, 1, 1)] {
            let (lo, hi) = gap_range(lease, renew, poll);
            let gaps: Vec<u64> = (1..200).map(|c| crash_gap(lease, renew, poll, c)).collect();
            let (min, max) = (*gaps.iter().min().unwrap(), *gaps.iter().max().unwrap());
            assert!(lo <= min && max <= hi, "{lease} {renew} {poll}");
            if poll == 1 {
                assert_eq!((min, max), (lo, hi), "{lease} {renew}");
            }
        }
    }
}
