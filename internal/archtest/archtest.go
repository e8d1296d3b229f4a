// Package archtest holds the test that keeps promoctl's packages layered:
// dependencies point down only, from cmd through the views and the domain
// to the leaves. Its rules are in archtest_test.go; docs/architecture.md
// draws the map they protect.
package archtest
