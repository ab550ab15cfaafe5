//! Fieldless enums sent as fixed names (`"code": "not-your-turn"`), declared once.

/// Declares a fieldless enum whose variants are sent as the names beside them (`Stale =
/// "stale"`): serde's `rename` and `as_str` read the same literal, so what the logs say is what
/// the wire carries. It adds `ALL`, `COUNT` and `as_str`.
macro_rules! wire_names {
    (
        $(#[$meta:meta])*
        pub enum $name:ident {
            $($(#[$vmeta:meta])* $variant:ident = $text:literal,)+
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Serialize, serde::Deserialize)]
        pub enum $name {
            $($(#[$vmeta])* #[serde(rename = $text)] $variant,)+
        }

        impl $name {
            /// Every variant, in declaration order.
            pub const ALL: &[$name] = &[$($name::$variant),+];
            /// How many variants there are.
            pub const COUNT: usize = Self::ALL.len();

            /// The name as sent (`not-your-turn`), for logs and metrics.
            #[must_use]
            pub fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $text,)+
                }
            }
        }
    };
}
