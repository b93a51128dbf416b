package formula_test

import (
	"encoding/json"
	"fmt"

	"github.com/electlab/electlab/checker/formula"
)

func ExampleParse() {
	e, err := formula.Parse("sends[ELECTION] <= n*(n+1)/2")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(e)
	fmt.Println(e.Boolean(), e.Names())

	_, err = formula.Parse("sends <= 3*n -")
	fmt.Println(err)
	// Output:
	// sends[ELECTION] <= n*(n + 1)/2
	// true [n sends[ELECTION]]
	// column 15: expected a number, a name or (, found end of expression
}

func ExampleExpr_Eval() {
	env := formula.NewEnv().Set("n", 6)
	for _, src := range []string{"n*(n+1)/2", "n*H(n)", "2n*ceil(log2(n)) + n", "(n^2 - n mod 2)/4", "log2(n)", "n/(n-6)"} {
		v, err := formula.MustParse(src).Eval(env)
		if err != nil {
			fmt.Printf("%-22s %v\n", src, err)
			continue
		}
		fmt.Printf("%-22s %v\n", src, v)
	}
	// Output:
	// n*(n+1)/2              21
	// n*H(n)                 147/10
	// 2n*ceil(log2(n)) + n   42
	// (n^2 - n mod 2)/4      9
	// log2(n)                column 1: log2(6) is not a rational number: write ceil(log2(...)) or floor(log2(...))
	// n/(n-6)                column 2: division by zero (6/0)
}

func ExampleExpr_Check() {
	env := formula.NewEnv().Set("n", 6).Set("sends", 18).SetKey("sends", "ELECTION", 12)
	bound := formula.MustParse("sends <= 3*n - 1")
	ok, lhs, rhs, err := bound.Check(env)
	fmt.Println(ok, lhs.RatString(), rhs.RatString(), err)

	_, _, _, err = formula.MustParse("sendz <= 3*n").Check(env)
	fmt.Println(err)
	_, _, _, err = formula.MustParse("sends[ELECTON] <= 3*n").Check(env)
	fmt.Println(err)
	// Output:
	// false 18 17 <nil>
	// column 1: unknown counter "sendz" (known: n, sends)
	// column 7: unknown key "ELECTON" of sends (known: ELECTION)
}

func ExampleFit() {
	var points []formula.Point
	for n := 2; n <= 9; n++ {
		points = append(points, formula.IntPoint(n, int64(n*(n+3)/2)))
	}
	f, err := formula.Fit(points, formula.FitOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("max sends =", f, "  ", f.Summary())
	b, _ := json.Marshal(f.Terms[0].Coef.RatString())
	fmt.Println("coefficient of", f.Terms[0].Basis, "=", string(b))

	points[3] = formula.IntPoint(5, 21) // one wrong point: nothing fits
	_, err = formula.Fit(points, formula.FitOptions{})
	fmt.Println(err)
	// Output:
	// max sends = (n^2 + 3n)/2    exact on n=2..9 (fit 2..7, held out 8,9)
	// coefficient of n^2 = "1/2"
	// no formula of the 24 families tried matches every point of n=2..9 exactly
}

func ExampleCompare() {
	var points []formula.Point
	for n := 2; n <= 9; n++ {
		points = append(points, formula.IntPoint(n, int64(n*(n+1)/2)))
	}
	fitted, _ := formula.Fit(points, formula.FitOptions{})
	claimed := formula.MustParse("3*n - 1")
	d, _ := formula.Compare(fitted.Func(), claimed.Func(nil), []int{2, 3, 4, 5, 6, 7, 8, 9})
	fmt.Printf("fitted %s, claimed %s: first differ at n=%d (%s vs %s)\n", fitted, claimed, d.N, d.A.RatString(), d.B.RatString())
	// Output:
	// fitted (n^2 + n)/2, claimed 3*n - 1: first differ at n=2 (3 vs 5)
}
