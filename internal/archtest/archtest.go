// Package archtest holds the test that keeps promoctl's packages layered:
// dependencies point down only, from cmd through the views and the domain
// to the leaves. Its rules, each with the reason for it, are in
// archtest_test.go.
package archtest
