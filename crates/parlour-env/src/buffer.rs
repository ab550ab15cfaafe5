use crate::VecEnvError;

/// A vector of `len` copies of `value`, or [`VecEnvError::OutOfMemory`] where the allocator
/// refuses it: batch buffers grow with the number of environments, and a refused allocation
/// would otherwise abort the process (the Python interpreter with it).
///
/// # Errors
/// The allocation failed, or `len` elements would not fit in the address space.
pub fn try_filled<T: Clone>(len: usize, value: T) -> Result<Vec<T>, VecEnvError> {
    let mut v = Vec::new();
    v.try_reserve_exact(len)
        .map_err(|_| VecEnvError::OutOfMemory {
            bytes: len.saturating_mul(size_of::<T>()),
        })?;
    v.resize(len, value);
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_impossible_buffer_is_an_error_not_an_abort() {
        let e = try_filled(usize::MAX / 2, 0.0_f32).unwrap_err();
        assert!(matches!(e, VecEnvError::OutOfMemory { bytes } if bytes == usize::MAX));
        assert_eq!(try_filled(3, 7_u8).unwrap(), vec![7, 7, 7]);
    }
}
