//! `sqlx::migrate!` compiles the migrations in: a new or changed file under `migrations/` must
//! rebuild the crate, which cargo does not know without this.

fn main() {
    println!("cargo:rerun-if-changed=migrations");
}
