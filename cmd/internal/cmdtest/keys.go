package cmdtest

import (
	"fmt"
)

// KeyInFile is what auth login --with-token says off a terminal when the
// API key went to the config file at path, there being no keychain.
func KeyInFile(user int, path string) string {
	return fmt.Sprintf("promoctl: logged in as user %d; the API key is saved in the config file %s, which only you can read (no system keychain)\n", user, path)
}
