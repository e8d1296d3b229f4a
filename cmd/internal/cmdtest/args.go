package cmdtest

var ListArgs = []string{"promo", "list", "--site-id", "7"}
