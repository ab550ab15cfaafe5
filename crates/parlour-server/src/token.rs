//! Seat tokens and table ids: random text from the operating system's generator. Only a
//! token's SHA-256 is stored, and tokens are compared in constant time.

use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

fn random_hex(bytes: usize) -> Result<String, getrandom::Error> {
    let mut buf = vec![0u8; bytes];
    getrandom::fill(&mut buf)?;
    Ok(buf.iter().map(|b| format!("{b:02x}")).collect())
}

/// A new seat token: 128 random bits as 32 lower-case hex digits (url-safe).
///
/// # Errors
/// The operating system's generator failed.
pub fn new_token() -> Result<String, getrandom::Error> {
    random_hex(16)
}

/// A new table id: 64 random bits as 16 hex digits.
///
/// # Errors
/// The operating system's generator failed.
pub fn new_table_id() -> Result<String, getrandom::Error> {
    random_hex(8)
}

/// A new secret seed.
///
/// # Errors
/// The operating system's generator failed.
pub fn new_seed() -> Result<u64, getrandom::Error> {
    getrandom::u64()
}

/// Whether `id` looks like a table id (so junk never reaches the database).
#[must_use]
pub fn is_table_id(id: &str) -> bool {
    id.len() == 16
        && id
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// The stored form of a token.
#[must_use]
pub fn hash_token(token: &str) -> Vec<u8> {
    Sha256::digest(token.as_bytes()).to_vec()
}

/// Whether `token` hashes to `hash`, compared in constant time.
#[must_use]
pub fn token_matches(token: &str, hash: &[u8]) -> bool {
    hash_token(token).ct_eq(hash).into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_128_bit_hex_and_differ() {
        let a = new_token().unwrap();
        let b = new_token().unwrap();
        assert_eq!(a.len(), 32);
        assert!(a.bytes().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
    }

    #[test]
    fn only_the_right_token_matches_its_hash() {
        let t = new_token().unwrap();
        let h = hash_token(&t);
        assert!(token_matches(&t, &h));
        assert!(!token_matches(&new_token().unwrap(), &h));
        assert!(!token_matches("", &h));
    }

    #[test]
    fn table_ids_are_recognised() {
        assert!(is_table_id(&new_table_id().unwrap()));
        assert!(!is_table_id("../../etc/passwd"));
        assert!(!is_table_id("0123456789ABCDEF"));
    }
}
