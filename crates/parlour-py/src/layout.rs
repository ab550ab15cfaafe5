//! Observation layouts for Python: a list of dicts, one per named part.

use parlour_core::LayoutPart;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};

/// `[{"name", "offset", "shape", "meaning", "low", "high"}, ...]`, in order.
pub fn to_py<'py>(py: Python<'py>, parts: &[LayoutPart]) -> PyResult<Bound<'py, PyList>> {
    let list = PyList::empty(py);
    for p in parts {
        let d = PyDict::new(py);
        d.set_item("name", p.name)?;
        d.set_item("offset", p.offset)?;
        d.set_item("shape", PyTuple::new(py, &p.shape)?)?;
        d.set_item("meaning", &p.meaning)?;
        d.set_item("low", p.low)?;
        d.set_item("high", p.high)?;
        list.append(d)?;
    }
    Ok(list)
}
