package helplang

import "testing"

// TestAlignUsagesByLetters: the help of every flag starts in one column,
// counted in letters; a help continued on a line of its own, even one
// that starts with "-", moves with it and is not taken for a flag.
func TestAlignUsagesByLetters(t *testing.T) {
	in := "      --limit число   how many\n" +
		"  -o, --output текст   the format\n" +
		"                       -1 means  no limit\n" +
		"      --yes          no questions\n"
	want := "      --limit число    how many\n" +
		"  -o, --output текст   the format\n" +
		"                       -1 means  no limit\n" +
		"      --yes            no questions\n"
	if got := alignUsages(in); got != want {
		t.Errorf("alignUsages:\n%s\nwant:\n%s", got, want)
	}
}
