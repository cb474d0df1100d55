// Smoke test of the generated Go client: logs in with TOCSIN_EMAIL/TOCSIN_PASSWORD at TOCSIN_URL,
// lists incidents with the access token, and prints {"total": N, "titles": [...]} as JSON.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"

	openapi_types "github.com/oapi-codegen/runtime/types"
	tocsin "tocsin/clients/go"
)

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, format+"\n", args...)
	os.Exit(1)
}

func main() {
	ctx := context.Background()
	client, err := tocsin.NewClientWithResponses(os.Getenv("TOCSIN_URL"))
	if err != nil {
		fail("client: %v", err)
	}
	email := openapi_types.Email(os.Getenv("TOCSIN_EMAIL"))
	login, err := client.LoginWithResponse(ctx, tocsin.LoginJSONRequestBody{Email: &email, Password: os.Getenv("TOCSIN_PASSWORD")})
	if err != nil || login.JSON200 == nil {
		fail("login: %v %s", err, login.Body)
	}
	bearer := func(_ context.Context, req *http.Request) error {
		req.Header.Set("Authorization", "Bearer "+login.JSON200.AccessToken)
		return nil
	}
	limit := 100
	incidents, err := client.ListIncidentsWithResponse(ctx, &tocsin.ListIncidentsParams{Limit: &limit}, bearer)
	if err != nil || incidents.JSON200 == nil {
		fail("list incidents: %v %s", err, incidents.Body)
	}
	titles := []string{}
	for _, incident := range incidents.JSON200.Data {
		titles = append(titles, incident.Title)
	}
	out, _ := json.Marshal(map[string]any{"total": incidents.JSON200.Meta.Total, "titles": titles})
	fmt.Println(string(out))
}
