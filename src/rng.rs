//! The lessons' own random generators, bit for bit: the jobs lesson's Park–Miller minstd and the
//! compensation lesson's 32-bit LCG (`uretec`). Both implement rand_core's `Rng` (the trait
//! rand_core 0.10 calls what older versions called `RngCore`) and `SeedableRng`; the models draw
//! through [`UnitRng`], which maps the state to a number the way the lesson's JavaScript does.

use rand_core::utils::{fill_bytes_via_next_word, next_u64_via_u32};
use rand_core::{Infallible, SeedableRng, TryRng};

/// A generator that yields the lesson's "random number in [0, 1)" (`rast()`, `rnd()`).
pub trait UnitRng: Clone {
    /// The next value, mapped exactly as the lesson maps it.
    fn unit(&mut self) -> f64;

    /// Whether the next value is at least `p` (`unit() >= p`, the lesson's "this call works").
    #[inline]
    fn passes(&mut self, p: f64) -> bool {
        self.unit() >= p
    }
}

/// Why a seed cannot start a generator.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeedError {
    /// The seed that was refused.
    pub seed: u64,
    /// What the generator accepts, in a sentence.
    pub allowed: &'static str,
}

/// rand_core's `Rng` of a lesson generator, from its `step` (the next 32-bit state).
macro_rules! rng_from_step {
    ($($t:ty),*) => {$(
        impl TryRng for $t {
            type Error = Infallible;
            fn try_next_u32(&mut self) -> Result<u32, Infallible> {
                Ok(self.step())
            }
            fn try_next_u64(&mut self) -> Result<u64, Infallible> {
                next_u64_via_u32(self)
            }
            fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Infallible> {
                fill_bytes_via_next_word(dst, || self.try_next_u32())
            }
        }
    )*};
}
rng_from_step!(Minstd, Lcg32);

/// Park–Miller minstd of the jobs lesson (isler.mjs): `s = s·48271 mod (2³¹−1)`, value `s/(2³¹−1)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Minstd {
    state: u32,
}

impl Minstd {
    /// The modulus 2³¹ − 1.
    pub const MODULUS: u64 = 2_147_483_647;
    /// The multiplier of the lesson (`48271`).
    pub const MULTIPLIER: u64 = 48_271;
    /// What [`Minstd::new`] accepts.
    pub const ALLOWED: &'static str = "a whole number from 1 to 2147483646 (the generator sticks at 0 for multiples of 2147483647)";

    /// The lesson's seeding: `s = TOHUM % 2147483647`; a multiple of the modulus would leave the
    /// generator at 0 forever, so it is refused.
    pub fn new(seed: u64) -> Result<Self, SeedError> {
        let state = seed % Self::MODULUS;
        if state == 0 {
            return Err(SeedError {
                seed,
                allowed: Self::ALLOWED,
            });
        }
        Ok(Self {
            state: state as u32,
        })
    }

    /// Advances once and returns the new state (1 ..= 2³¹ − 2).
    #[inline]
    pub fn step(&mut self) -> u32 {
        self.state = ((u64::from(self.state) * Self::MULTIPLIER) % Self::MODULUS) as u32;
        self.state
    }
}

impl UnitRng for Minstd {
    #[inline]
    fn unit(&mut self) -> f64 {
        f64::from(self.step()) / Self::MODULUS as f64
    }
}

impl SeedableRng for Minstd {
    type Seed = [u8; 4];
    /// The seed as a little-endian number, reduced as the lesson does; a seed the generator
    /// cannot use (a multiple of the modulus) starts from 1 instead, since this trait cannot
    /// fail. The lesson's path goes through [`Minstd::new`], which refuses it.
    fn from_seed(seed: [u8; 4]) -> Self {
        Self::seed_from_u64(u64::from(u32::from_le_bytes(seed)))
    }
    fn seed_from_u64(seed: u64) -> Self {
        Self::new(seed).unwrap_or(Self { state: 1 })
    }
}

/// The compensation lesson's generator (`uretec` in telafi/akis.mjs):
/// `s = s·1103515245 + 12345 (mod 2³²)`, value `s/2³²`, seeded with `tohum >>> 0`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lcg32 {
    state: u32,
}

impl Lcg32 {
    /// The multiplier of the lesson.
    pub const MULTIPLIER: u32 = 1_103_515_245;
    /// The increment of the lesson.
    pub const INCREMENT: u32 = 12_345;

    /// Any 32-bit seed works: the increment keeps the generator moving from every state.
    pub fn new(seed: u32) -> Self {
        Self { state: seed }
    }

    /// Advances once and returns the new state.
    #[inline]
    pub fn step(&mut self) -> u32 {
        self.state = self
            .state
            .wrapping_mul(Self::MULTIPLIER)
            .wrapping_add(Self::INCREMENT);
        self.state
    }
}

impl UnitRng for Lcg32 {
    #[inline]
    fn unit(&mut self) -> f64 {
        f64::from(self.step()) / 4_294_967_296.0
    }
}

impl SeedableRng for Lcg32 {
    type Seed = [u8; 4];
    fn from_seed(seed: [u8; 4]) -> Self {
        Self::new(u32::from_le_bytes(seed))
    }
    /// `tohum >>> 0`: the seed modulo 2³².
    fn seed_from_u64(seed: u64) -> Self {
        Self::new(seed as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_core::Rng;

    #[test]
    fn minstd_follows_the_lesson() {
        // First values of isler.mjs's rast() with TOHUM = 20260813, computed by hand from the
        // recurrence (and seen in node).
        let mut r = Minstd::new(20_260_813).unwrap();
        let s1 = (20_260_813u64 * 48_271) % 2_147_483_647;
        assert_eq!(u64::from(r.step()), s1);
        let s2 = (s1 * 48_271) % 2_147_483_647;
        let mut r2 = Minstd::new(20_260_813).unwrap();
        r2.step();
        assert_eq!(r2.unit(), s2 as f64 / 2_147_483_647.0);
        assert!(Minstd::new(0).is_err());
        assert!(Minstd::new(2_147_483_647).is_err());
        assert!(Minstd::new(2_147_483_646).is_ok());
    }

    #[test]
    fn lcg_follows_the_lesson() {
        let mut r = Lcg32::new(20_260_730);
        let s1 = 20_260_730u32
            .wrapping_mul(1_103_515_245)
            .wrapping_add(12_345);
        assert_eq!(r.unit(), f64::from(s1) / 4_294_967_296.0);
        let mut a = Lcg32::seed_from_u64(7);
        let mut b = Lcg32::from_seed(7u32.to_le_bytes());
        assert_eq!(a.next_u32(), b.next_u32());
        let mut c = Lcg32::new(1);
        let lo = c.clone().step();
        assert_eq!(c.next_u64() & 0xffff_ffff, u64::from(lo));
    }
}
