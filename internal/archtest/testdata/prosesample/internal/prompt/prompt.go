// Package prompt stands in for promoctl's internal/prompt.
package prompt

// Confirm asks a yes/no question.
func Confirm(title string) bool { return title != "" }
