//! JavaScript's number formatting, reproduced exactly: the lessons print with `toFixed`,
//! `String(x)`, `padStart`/`padEnd`, `Math.round` and `toLocaleString("tr-TR")`, and a table
//! is only byte-exact if every one of them behaves as in JavaScript. Natively they are ported
//! (and tested against node); in WebAssembly `toFixed` and `String(x)` are JavaScript's own,
//! which also keeps Rust's float printing out of the module.

/// `x.toFixed(digits)`, JavaScript's own.
#[cfg(target_arch = "wasm32")]
pub fn to_fixed(x: f64, digits: usize) -> String {
    crate::wasm::js_to_fixed(x, digits)
}

/// `String(x)`, JavaScript's own.
#[cfg(target_arch = "wasm32")]
pub fn number_to_string(x: f64) -> String {
    crate::wasm::js_number_to_string(x)
}

#[cfg(not(target_arch = "wasm32"))]
pub use native::{number_to_string, to_fixed};

#[cfg(not(target_arch = "wasm32"))]
mod native {
    /// `x.toFixed(digits)`: the exact binary value rounded half away from zero (ECMA-262 picks the
    /// larger `n` on a tie), `NaN`/`Infinity` spelled out, and `String(x)` from 1e21 on.
    pub fn to_fixed(x: f64, digits: usize) -> String {
        if x.is_nan() {
            return "NaN".into();
        }
        if x.abs() >= 1e21 {
            return number_to_string(x);
        }
        // The exact decimal expansion of a double has at most 1074 fractional digits.
        let exact = format!("{:.1100}", x.abs());
        let (int_part, frac) = exact.split_once('.').unwrap_or((exact.as_str(), ""));
        let mut digits_vec: Vec<u8> = int_part.bytes().chain(frac.bytes().take(digits)).collect();
        let round_up = frac.as_bytes().get(digits).is_some_and(|&d| d >= b'5');
        if round_up && increment(&mut digits_vec) {
            digits_vec.insert(0, b'1');
        }
        let split = digits_vec.len() - digits;
        let mut out = String::with_capacity(digits_vec.len() + 2);
        // JS keeps the sign of a negative number even when it rounds to zero; -0 prints unsigned.
        if x < 0.0 {
            out.push('-');
        }
        out.push_str(std::str::from_utf8(&digits_vec[..split]).unwrap_or("0"));
        if digits > 0 {
            out.push('.');
            out.push_str(std::str::from_utf8(&digits_vec[split..]).unwrap_or(""));
        }
        out
    }

    /// `String(x)` for a JavaScript number: the shortest digits that round-trip, positional between
    /// 1e-7 and 1e21, exponential (`1e-7`, `1.5e+21`) outside.
    pub fn number_to_string(x: f64) -> String {
        if x.is_nan() {
            return "NaN".into();
        }
        if x.is_infinite() {
            return if x > 0.0 { "Infinity" } else { "-Infinity" }.into();
        }
        if x == 0.0 {
            return "0".into();
        }
        let sign = if x < 0.0 { "-" } else { "" };
        // Rust's `{:e}` gives the same shortest round-trip digits: "d.ddde-7".
        let sci = format!("{:e}", x.abs());
        let (mantissa, exp) = sci.split_once('e').unwrap_or((sci.as_str(), "0"));
        let exp: i32 = exp.parse().unwrap_or(0);
        let digits: String = mantissa.chars().filter(|c| *c != '.').collect();
        let digits = even_on_tie(x.abs(), digits, exp);
        let k = digits.len() as i32;
        let n = exp + 1; // the decimal point sits after n digits
        let body = if k <= n && n <= 21 {
            format!("{digits}{}", "0".repeat((n - k) as usize))
        } else if 0 < n && n <= 21 {
            format!("{}.{}", &digits[..n as usize], &digits[n as usize..])
        } else if -6 < n && n <= 0 {
            format!("0.{}{digits}", "0".repeat((-n) as usize))
        } else {
            let e = n - 1;
            let e_sign = if e >= 0 { "+" } else { "-" };
            if k == 1 {
                format!("{digits}e{e_sign}{}", e.abs())
            } else {
                format!("{}.{}e{e_sign}{}", &digits[..1], &digits[1..], e.abs())
            }
        };
        format!("{sign}{body}")
    }

    /// Adds one to a decimal number written as ASCII digits; true when it carries out of the
    /// top digit (all nines became zeros).
    fn increment(digits: &mut [u8]) -> bool {
        for d in digits.iter_mut().rev() {
            if *d == b'9' {
                *d = b'0';
            } else {
                *d += 1;
                return false;
            }
        }
        true
    }

    /// ECMA-262 Number::toString: when the value lies exactly halfway between two shortest
    /// candidates, the even one wins (Rust may pick the other).
    fn even_on_tie(x: f64, digits: String, exp: i32) -> String {
        let k = digits.len();
        let exact = format!("{:.1100e}", x);
        let Some((mantissa, exact_exp)) = exact.split_once('e') else {
            return digits;
        };
        if exact_exp.parse::<i32>().ok() != Some(exp) {
            return digits;
        }
        let all: Vec<u8> = mantissa.bytes().filter(|b| *b != b'.').collect();
        let is_tie = all.get(k) == Some(&b'5') && all[k + 1..].iter().all(|b| *b == b'0');
        if !is_tie {
            return digits;
        }
        let mut pick = all[..k].to_vec();
        if pick[k - 1] % 2 == 1 {
            // Round the truncation up to the even neighbour (a carry out of the top digit
            // makes a number that fails the check below).
            increment(&mut pick);
        }
        let even = String::from_utf8(pick).unwrap_or(digits.clone());
        let even = even.trim_end_matches('0');
        // Only if it still reads back as the same number (it does, unless at a binade edge).
        let candidate = format!("0.{even}e{}", exp + 1);
        if !even.is_empty() && candidate.parse::<f64>() == Ok(x) {
            even.to_string()
        } else {
            digits
        }
    }
}

/// A decimal number as text, correctly rounded (`1e-7`, `0.05`; `None` if it is not one). In
/// WebAssembly JavaScript's own `Number(text)` reads it — the same double, both round
/// correctly — which keeps Rust's float parser and its tables out of the module.
pub fn parse_number(text: &str) -> Option<f64> {
    #[cfg(target_arch = "wasm32")]
    {
        let v = crate::wasm::js_number(text);
        (!v.is_nan() || text.trim() == "NaN").then_some(v)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        text.parse().ok()
    }
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
