//! JavaScript's number formatting, reproduced exactly: the lessons print with `toFixed`,
//! `String(x)`, `padStart`/`padEnd`, `Math.round` and `toLocaleString("tr-TR")`, and a table
//! is only byte-exact if every one of them behaves as in JavaScript. `String(x)` and `toFixed`
//! come from `ryu-js` (boa's ECMAScript-exact Ryū) on both targets; padding, rounding and the
//! Turkish grouping are a few lines each. `tests/js_numbers.rs` checks them against node.

/// `x.toFixed(digits)`: the exact binary value rounded half up (ECMA-262 picks the larger `n` on
/// a tie), `NaN`/`Infinity` spelled out, and `String(x)` from 1e21 on. `digits` is clamped to
/// JavaScript's 0..=100.
pub fn to_fixed(x: f64, digits: usize) -> String {
    if !x.is_finite() || x.abs() >= 1e21 {
        return number_to_string(x);
    }
    let digits = digits.min(100) as u8;
    let mut buffer = ryu_js::Buffer::new();
    let text = buffer.format_to_fixed(x, digits);
    // JavaScript prints -0 (and a negative that rounds to zero stays signed: (-0.001).toFixed(2)
    // is "-0.00"), but -0 itself is "0.00".
    if x == 0.0 {
        text.trim_start_matches('-').to_string()
    } else {
        text.to_string()
    }
}

/// `String(x)` for a JavaScript number: the shortest digits that round-trip, positional between
/// 1e-7 and 1e21, exponential (`1e-7`, `1.5e+21`) outside.
pub fn number_to_string(x: f64) -> String {
    ryu_js::Buffer::new().format(x).to_string()
}

/// A decimal number as text (`0.05`, `-1e-7`, `.5`, `5.`), correctly rounded; `None` if the text
/// is not one. The grammar is checked here, so both targets accept the same texts; the reading is
/// the platform's: Rust's parser natively, JavaScript's own `Number()` in the page (the lessons'
/// language; the bindings register it with [`set_decimal_reader`], which keeps a float parser's
/// power tables, about 7 KB gzip, out of the module). Both round correctly: the same double.
/// A short decimal is read here on both targets ([`Decimal::exact`]): in the page, each reading
/// by `Number()` crossed into JavaScript with its text, 8-12 % of the longer quotas search.
pub fn parse_number(text: &str) -> Option<f64> {
    let d = Decimal::scan(text)?;
    Some(d.exact().unwrap_or_else(|| read_decimal(text)))
}

/// A decimal text, scanned: its sign, its digits as a whole number m and the power of ten e of
/// its last digit (its value is m × 10^e; `None` when past `u64` or `i32`).
struct Decimal {
    negative: bool,
    m: Option<u64>,
    e: Option<i32>,
}

impl Decimal {
    /// `[+-]?(digits[.digits?]|.digits)([eE][+-]?digits)?`: what Rust's parser and JavaScript's
    /// `Number()` both read as the same number (no spaces, no `Infinity`, no hexadecimal).
    fn scan(text: &str) -> Option<Decimal> {
        let b = text.as_bytes();
        let mut i = usize::from(matches!(b.first(), Some(b'+' | b'-')));
        let (mut m, mut e, mut digits, mut point) = (Some(0u64), Some(0i32), 0, false);
        while let Some(&c) = b.get(i) {
            match c {
                b'0'..=b'9' => {
                    m = m.and_then(|m| m.checked_mul(10)?.checked_add(u64::from(c - b'0')));
                    e = e.and_then(|e| e.checked_sub(i32::from(point)));
                    digits += 1;
                }
                b'.' if !point => point = true,
                _ => break,
            }
            i += 1;
        }
        if digits == 0 {
            return None;
        }
        if matches!(b.get(i), Some(b'e' | b'E')) {
            i += 1;
            let sign = if b.get(i) == Some(&b'-') { -1 } else { 1 };
            i += usize::from(matches!(b.get(i), Some(b'+' | b'-')));
            let start = i;
            let mut x = Some(0i32);
            while let Some(&c @ b'0'..=b'9') = b.get(i) {
                x = x.and_then(|x| x.checked_mul(10)?.checked_add(i32::from(c - b'0')));
                i += 1;
            }
            if i == start {
                return None;
            }
            e = e.zip(x).and_then(|(e, x)| e.checked_add(sign * x));
        }
        (i == b.len()).then_some(Decimal {
            negative: b.first() == Some(&b'-'),
            m,
            e,
        })
    }

    /// m ≤ 2^53 and e within ±22: m × 10^e or m ÷ 10^-e, one IEEE operation on two exact doubles,
    /// hence the correctly rounded double, the one every correct reader gives (Clinger's fast
    /// path, which Rust's parser takes too). `None` for any other.
    fn exact(&self) -> Option<f64> {
        let (m, e) = (self.m.filter(|&m| m <= 1 << 53)?, self.e?);
        let p = exact_power(e.unsigned_abs())?;
        let v = if e >= 0 { m as f64 * p } else { m as f64 / p };
        Some(if self.negative { -v } else { v })
    }
}

/// 10^k for k ≤ 22, exactly: each product is a double (10^k = 2^k · 5^k and 5^22 < 2^53).
fn exact_power(k: u32) -> Option<f64> {
    (k <= 22).then(|| (0..k).fold(1.0, |p, _| p * 10.0))
}

/// 10^n, exactly as the decimal literal `1en` reads (no `powf`, whose last bit differs between
/// platforms: the page's WASM and the native CLI must draw the same domains).
pub fn pow10(n: i32) -> f64 {
    match exact_power(n.unsigned_abs()) {
        Some(p) if n >= 0 => p,
        Some(p) => 1.0 / p,
        None => parse_number(&format!("1e{n}")).unwrap_or(f64::NAN),
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn read_decimal(text: &str) -> f64 {
    text.parse().unwrap_or(f64::NAN)
}

#[cfg(target_arch = "wasm32")]
static DECIMAL_READER: std::sync::OnceLock<fn(&str) -> f64> = std::sync::OnceLock::new();

/// Sets how the page reads a decimal text (the bindings give JavaScript's `Number()`).
#[cfg(target_arch = "wasm32")]
pub fn set_decimal_reader(read: fn(&str) -> f64) {
    let _ = DECIMAL_READER.set(read);
}

#[cfg(target_arch = "wasm32")]
fn read_decimal(text: &str) -> f64 {
    DECIMAL_READER.get().map_or(f64::NAN, |read| read(text))
}

/// Length as JavaScript counts it (UTF-16 code units), which is what `padStart` pads to.
pub fn js_len(s: &str) -> usize {
    s.encode_utf16().count()
}

/// `s.padStart(width)` with spaces.
pub fn pad_start(s: &str, width: usize) -> String {
    let len = js_len(s);
    if len >= width {
        return s.to_string();
    }
    format!("{}{s}", " ".repeat(width - len))
}

/// `s.padEnd(width)` with spaces.
pub fn pad_end(s: &str, width: usize) -> String {
    let len = js_len(s);
    if len >= width {
        return s.to_string();
    }
    format!("{s}{}", " ".repeat(width - len))
}

/// `Math.round(x)`: the nearest integer, ties towards +∞.
pub fn math_round(x: f64) -> f64 {
    if !x.is_finite() {
        return x;
    }
    let f = x.floor();
    if x - f >= 0.5 { f + 1.0 } else { f }
}

/// `n.toLocaleString("tr-TR")` for a whole number: groups of three joined by `.` (8.000).
pub fn tr_grouped(n: i64) -> String {
    let digits = n.unsigned_abs().to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3 + 1);
    if n < 0 {
        out.push('-');
    }
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push('.');
        }
        out.push(c);
    }
    out
}

/// `text` as a JSON (and JavaScript) string literal: quotes, backslashes and control characters
/// escaped, and `<`, U+2028 and U+2029 too, so that it is safe inside a `<script>` as well.
pub fn json_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '<' => out.push_str("\\u003c"),
            c if (c as u32) < 0x20 || c == '\u{2028}' || c == '\u{2029}' => {
                out.push_str(&format!("\\u{:04x}", c as u32))
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn to_fixed_matches_javascript() {
        // Values checked in node 20.
        let cases: &[(f64, usize, &str)] = &[
            (0.25, 1, "0.3"),
            (0.35, 1, "0.3"), // 0.35 is 0.34999... in binary
            (2.5, 0, "3"),
            (1.5, 0, "2"),
            (-2.5, 0, "-3"),
            (-0.001, 2, "-0.00"),
            (-0.0, 2, "0.00"),
            (1.005, 2, "1.00"),
            (1.0 / 3.0, 2, "0.33"),
            (4.0, 2, "4.00"),
            (99.995, 2, "100.00"), // 99.995 is 99.99500000000000454… in binary
            (0.03724, 5, "0.03724"),
            (12.5, 0, "13"),
            (f64::NAN, 2, "NaN"),
            (f64::INFINITY, 1, "Infinity"),
            (1e21, 2, "1e+21"),
            (123.456, 0, "123"),
            (0.5, 0, "1"),
            (0.0, 0, "0"),
        ];
        for &(x, d, want) in cases {
            assert_eq!(to_fixed(x, d), want, "({x}).toFixed({d})");
        }
    }

    #[test]
    fn number_to_string_matches_javascript() {
        let cases: &[(f64, &str)] = &[
            (0.02, "0.02"),
            (80.0, "80"),
            (1e21, "1e+21"),
            (1.5e21, "1.5e+21"),
            (1e20, "100000000000000000000"),
            (1e-7, "1e-7"),
            (1.5e-7, "1.5e-7"),
            (0.000001, "0.000001"),
            (0.1 + 0.2, "0.30000000000000004"),
            (-0.0, "0"),
            (-12.5, "-12.5"),
            (f64::NEG_INFINITY, "-Infinity"),
            (123456789.0, "123456789"),
        ];
        for &(x, want) in cases {
            assert_eq!(number_to_string(x), want, "String({x})");
        }
    }

    #[test]
    fn parse_number_reads_decimals_as_rust_does_and_nothing_else() {
        let texts = [
            "0",
            "-0",
            "0.05",
            "5e-2",
            "1e-7",
            "1E5",
            "+1.5",
            ".5",
            "5.",
            "1.",
            "1e",
            "e5",
            "",
            "-",
            "+",
            "--1",
            "1e+5",
            "1e-400",
            "1e400",
            "0.1",
            "0.30000000000000004",
            "123456789.125",
            "2.2250738585072014e-308",
            "4.9e-324",
            "1.7976931348623157e308",
            "9007199254740993",
            "0.036875",
            "1.005",
            "4.35",
            "00012",
            "1_000",
            " 1",
            "1 ",
            "0x10",
            "1,5",
            "1..2",
            "NaN",
            "nan",
            "inf",
            "-inf",
            "Infinity",
            "infinity",
        ];
        for t in texts {
            let ours = parse_number(t);
            // Rust also reads the special words; JavaScript spells them otherwise: neither is a
            // decimal here.
            let special = t
                .trim_start_matches(['+', '-'])
                .chars()
                .all(char::is_alphabetic);
            let rust: Option<f64> = if special { None } else { t.parse().ok() };
            let same = match (ours, rust) {
                (Some(a), Some(b)) => a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan()),
                (None, None) => true,
                _ => false,
            };
            assert!(same, "{t:?}: {ours:?}, Rust {rust:?}");
        }
    }

    /// The short texts read here ([`Decimal::exact`]) are the doubles Rust's parser gives, over
    /// generated mantissas, points and exponents on both sides of its limits (2^53, ±22).
    #[test]
    fn short_decimals_read_here_are_the_parsers_doubles() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = |n: u64| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (state >> 33) % n
        };
        let (mut here, mut tried) = (0, 0);
        for _ in 0..200_000 {
            let len = 1 + next(19) as usize;
            let mut digits: String = (0..len)
                .map(|_| char::from(b'0' + next(10) as u8))
                .collect();
            if next(2) == 0 {
                digits.insert(next(len as u64 + 1) as usize, '.');
            }
            if digits == "." {
                continue;
            }
            let sign = ["", "-", "+"][next(3) as usize];
            let exp = match next(3) {
                0 => String::new(),
                _ => format!("e{}", next(61) as i64 - 30),
            };
            let text = format!("{sign}{digits}{exp}");
            let rust: f64 = text.parse().unwrap();
            tried += 1;
            if let Some(ours) = Decimal::scan(&text).and_then(|d| d.exact()) {
                here += 1;
                assert_eq!(ours.to_bits(), rust.to_bits(), "{text}");
            }
            assert_eq!(
                parse_number(&text).map(f64::to_bits),
                Some(rust.to_bits()),
                "{text}"
            );
        }
        // Most are read here, not all: the others go to the platform's reader.
        assert!(
            here > tried / 4 && here < tried,
            "{here} of {tried} read here"
        );
        for n in -330..=330 {
            let want: f64 = format!("1e{n}").parse().unwrap();
            assert_eq!(pow10(n).to_bits(), want.to_bits(), "10^{n}");
        }
    }

    #[test]
    fn padding_and_rounding() {
        assert_eq!(pad_start("ab", 4), "  ab");
        assert_eq!(pad_end("ab", 4), "ab  ");
        assert_eq!(pad_end("abcdef", 4), "abcdef");
        assert_eq!(pad_start("çş", 3), " çş");
        assert_eq!(math_round(12.5), 13.0);
        assert_eq!(math_round(-12.5), -12.0);
        assert_eq!(math_round(8.333), 8.0);
        assert_eq!(tr_grouped(8000), "8.000");
        assert_eq!(tr_grouped(999), "999");
        assert_eq!(tr_grouped(1234567), "1.234.567");
        assert_eq!(tr_grouped(-1000), "-1.000");
    }
}
