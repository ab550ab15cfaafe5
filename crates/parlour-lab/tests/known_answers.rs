//! The lab's statistics against known answers: exact tests, intervals at 0 and n, differences
//! of shares and means, and the smallest detectable effects, each checked against figures
//! computed with scipy 1.17 (`fixtures/statistics.py` wrote `fixtures/statistics.json`).

use parlour_lab::stats::{
    DiffTest, binomial_test, fisher_exact, mde_one_share, mde_two_means, mde_two_shares,
    mean_difference, multinomial_test, share_difference, wilson95,
};
use serde_json::Value;

fn fixtures() -> Value {
    serde_json::from_str(include_str!("fixtures/statistics.json")).expect("the fixtures parse")
}

fn f(v: &Value) -> f64 {
    v.as_f64().expect("a number")
}

fn u(v: &Value) -> u64 {
    v.as_u64().expect("a count")
}

fn close(got: f64, want: f64, tol: f64, what: &str) {
    assert!(
        (got - want).abs() <= tol * want.abs().max(1e-300) || (got - want).abs() <= 1e-12,
        "{what}: got {got}, scipy {want}"
    );
}

#[test]
fn exact_binomial_matches_scipy_binomtest() {
    for c in fixtures()["binomial"].as_array().unwrap() {
        let p = binomial_test(u(&c["k"]), u(&c["n"]), f(&c["p"]));
        close(p, f(&c["pvalue"]).min(1.0), 1e-9, &c.to_string());
    }
}

#[test]
fn fisher_exact_matches_scipy() {
    for c in fixtures()["fisher"].as_array().unwrap() {
        let t = &c["table"];
        let p = fisher_exact(u(&t[0][0]), u(&t[0][1]), u(&t[1][0]), u(&t[1][1]));
        close(p, f(&c["pvalue"]).min(1.0), 1e-9, &c.to_string());
    }
}

#[test]
fn exact_multinomial_matches_an_enumeration_of_scipy_pmfs() {
    for c in fixtures()["multinomial"].as_array().unwrap() {
        let observed: Vec<u64> = c["observed"].as_array().unwrap().iter().map(u).collect();
        let probs: Vec<f64> = c["probs"].as_array().unwrap().iter().map(f).collect();
        let p = multinomial_test(&observed, &probs);
        close(p, f(&c["pvalue"]).min(1.0), 1e-9, &c.to_string());
    }
}

#[test]
fn wilson_intervals_hold_at_zero_and_at_n() {
    for c in fixtures()["wilson"].as_array().unwrap() {
        let (lo, hi) = wilson95(f(&c["x"]), f(&c["n"]));
        close(lo, f(&c["ci"][0]), 1e-9, &format!("lower {c}"));
        close(hi, f(&c["ci"][1]), 1e-9, &format!("upper {c}"));
        assert!((0.0..=1.0).contains(&lo) && (0.0..=1.0).contains(&hi));
    }
    // At 0 of n the interval starts at 0 exactly, at n of n it ends at 1 exactly.
    assert_eq!(wilson95(0.0, 19.0).0, 0.0);
    assert!((wilson95(19.0, 19.0).1 - 1.0).abs() < 1e-15);
}

#[test]
fn a_difference_of_shares_has_newcombes_interval_and_the_two_proportion_test() {
    for c in fixtures()["newcombe"].as_array().unwrap() {
        // The fixture is p1 − p2; the lab reports the second setting less the first.
        let d = share_difference(f(&c["x2"]), f(&c["n2"]), f(&c["x1"]), f(&c["n1"])).unwrap();
        close(d.estimate, f(&c["diff"]), 1e-12, "difference");
        close(d.ci95[0], f(&c["ci"][0]), 1e-9, &format!("lower {c}"));
        close(d.ci95[1], f(&c["ci"][1]), 1e-9, &format!("upper {c}"));
        if d.test == DiffTest::TwoProportionZ {
            close(d.p, f(&c["pvalue"]), 1e-7, &format!("p {c}"));
            // The same test as the 2×2 chi-square without continuity correction.
            close(d.p, f(&c["chi2_pvalue"]), 1e-7, &format!("chi2 p {c}"));
        } else {
            assert_eq!(d.test, DiffTest::FisherExact, "{c}");
        }
        assert!(-1.0 <= d.ci95[0] && d.ci95[1] <= 1.0);
    }
    // 9 of 10 against 3 of 10 has expected counts below 5: Fisher's exact test, as scipy.
    let d = share_difference(9.0, 10.0, 3.0, 10.0).unwrap();
    assert_eq!(d.test, DiffTest::FisherExact);
    close(d.p, fisher_exact(9, 1, 3, 7), 1e-12, "fisher");
}

#[test]
fn a_difference_of_means_is_welchs_t_with_its_interval() {
    for c in fixtures()["welch"].as_array().unwrap() {
        // scipy's ttest_ind(a, b) is a − b; the lab reports b − a, so call it with b first.
        let d = mean_difference(
            f(&c["n2"]),
            f(&c["mean2"]),
            f(&c["var2"]),
            f(&c["n1"]),
            f(&c["mean1"]),
            f(&c["var1"]),
        )
        .unwrap();
        assert_eq!(d.test, DiffTest::WelchT);
        close(d.estimate, f(&c["diff"]), 1e-9, "difference");
        close(d.df, f(&c["df"]), 1e-9, "df");
        close(d.statistic, f(&c["t"]), 1e-9, "t");
        close(d.p, f(&c["pvalue"]), 1e-7, &format!("p {c}"));
        close(d.ci95[0], f(&c["ci"][0]), 1e-7, &format!("lower {c}"));
        close(d.ci95[1], f(&c["ci"][1]), 1e-7, &format!("upper {c}"));
    }
}

#[test]
fn the_smallest_detectable_effect_has_eighty_percent_power() {
    for c in fixtures()["mde"].as_array().unwrap() {
        let a = &c["args"];
        let got = match c["kind"].as_str().unwrap() {
            "two_shares" => mde_two_shares(f(&a[0]), f(&a[1]), f(&a[2])),
            "two_means" => {
                mde_two_means(f(&a[1]), f(&a[0]) * f(&a[0]), f(&a[3]), f(&a[2]) * f(&a[2]))
            }
            _ => mde_one_share(f(&a[0]), f(&a[1])),
        };
        // scipy solved power = 0.8 with both tails; the far tail is below 1e-5 of power.
        close(got, f(&c["mde"]), 1e-4, &c.to_string());
    }
}
