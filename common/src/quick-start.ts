/**
 * The "Quick start" snippets of an OpenID application's page: one per framework, written from the
 * application's own issuer, client id, redirect URI and client authentication. Pure functions, so the
 * page shows and the test suite runs the very same text (server/src/applications/quick-start.int.test.ts).
 * A secret is never part of a snippet: it is read from GATEHOUSE_CLIENT_SECRET.
 */
import type { ClientType, TokenEndpointAuthMethod } from './applications.ts';

export interface QuickStartApplication {
  /** The organisation's issuer, e.g. https://acme.example.com */
  issuer: string;
  clientId: string;
  clientType: ClientType;
  tokenEndpointAuthMethod: TokenEndpointAuthMethod;
  redirectURIs: readonly string[];
}

export const QUICK_START_FRAMEWORKS = ['nextjs', 'react', 'express', 'python', 'go', 'aspnet'] as const;
export type QuickStartFramework = (typeof QUICK_START_FRAMEWORKS)[number];

export interface QuickStart {
  framework: QuickStartFramework;
  /** The tab's name. */
  label: string;
  /** The file the code goes in, and the command that installs what it needs. */
  fileName: string;
  install: string;
  code: string;
  /** Things to do or know before it works (a redirect URI to register, a secret to set). */
  notes: string[];
}

/** Used when the application has no web redirect URI yet: the notes then ask to register it. */
export const PLACEHOLDER_REDIRECT_URI = 'http://localhost:3000/callback';
export const SECRET_VARIABLE = 'GATEHOUSE_CLIENT_SECRET';
const SCOPE = 'openid email profile';

export const QUICK_START_MESSAGES = {
  title: 'Quick start',
  intro:
    'Sign people in to this application with the framework you use. The code below has its issuer, client id and redirect URI filled in.',
  frameworks: 'Framework',
  install: 'Install',
  copyCode: 'code',
  secretNote: `Set ${SECRET_VARIABLE} to the client secret (shown when the application was added or its secret regenerated). Keep it out of source control.`,
  publicNote: 'No secret: this application signs in with PKCE, as a public client.',
  registerRedirect: (uri: string) => `Register ${uri} as a redirect URI under Sign-in, then save.`,
  jwtNote: (method: string) =>
    `This application authenticates with ${method}; the code below uses the client secret in HTTP Basic. Adapt the client authentication, or choose client_secret_basic under Tokens.`,
  spaNeedsPublic:
    'A browser cannot keep a secret: to sign in from a single-page application, set the type to "Single-page or native application (no secret, PKCE)".',
  authJsCallback: (uri: string) => `Auth.js receives the sign-in at ${uri}: register it as a redirect URI.`,
  insecureHttp: 'An http:// issuer is accepted only for development on this computer.',
} as const;

const isPublic = (app: QuickStartApplication) => app.clientType === 'public';
const q = (value: string) => JSON.stringify(value);

/** The web redirect URI snippets use: the first registered http(s) one. */
export function quickStartRedirectUri(app: QuickStartApplication): string {
  return app.redirectURIs.find((uri) => /^https?:\/\//i.test(uri)) ?? PLACEHOLDER_REDIRECT_URI;
}

function commonNotes(app: QuickStartApplication, redirectUri: string): string[] {
  const notes: string[] = [];
  if (!app.redirectURIs.includes(redirectUri)) notes.push(QUICK_START_MESSAGES.registerRedirect(redirectUri));
  notes.push(isPublic(app) ? QUICK_START_MESSAGES.publicNote : QUICK_START_MESSAGES.secretNote);
  if (!isPublic(app) && (app.tokenEndpointAuthMethod === 'client_secret_jwt' || app.tokenEndpointAuthMethod === 'private_key_jwt'))
    notes.push(QUICK_START_MESSAGES.jwtNote(app.tokenEndpointAuthMethod));
  if (app.issuer.startsWith('http://')) notes.push(QUICK_START_MESSAGES.insecureHttp);
  return notes;
}

/** openid-client's ClientAuth for the application's method (the JWT ones need a key: see the notes). */
function openidClientAuth(app: QuickStartApplication): string {
  if (isPublic(app)) return 'client.None()';
  return app.tokenEndpointAuthMethod === 'client_secret_post' ? 'client.ClientSecretPost()' : 'client.ClientSecretBasic()';
}

/** Express with openid-client: /login starts a code flow with PKCE, the redirect URI's path finishes it. */
export function expressQuickStart(app: QuickStartApplication): QuickStart {
  const redirectUri = quickStartRedirectUri(app);
  const url = new URL(redirectUri);
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const code = `import { randomBytes } from 'node:crypto';

import express from 'express';
import * as client from 'openid-client';

const issuer = new URL(${q(app.issuer)});
const redirectUri = ${q(redirectUri)};
const config = await client.discovery(
  issuer,
  ${q(app.clientId)},
  ${isPublic(app) ? 'undefined' : `process.env.${SECRET_VARIABLE}`},
  ${openidClientAuth(app)},
  // http:// only for development on this computer.
  issuer.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : undefined,
);

// Sign-ins under way, by a random cookie (use your session store in production).
const pending = new Map();
const signInCookie = (req) => req.headers.cookie?.match(/(?:^|;\\s*)signin=([^;]+)/)?.[1];

const app = express();

app.get('/login', async (req, res) => {
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const id = randomBytes(16).toString('base64url');
  pending.set(id, { codeVerifier, state });
  const authorizationUrl = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: ${q(SCOPE)},
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
  });
  res.cookie('signin', id, { httpOnly: true, sameSite: 'lax', secure: redirectUri.startsWith('https:'), maxAge: 10 * 60 * 1000 });
  res.redirect(authorizationUrl.href);
});

app.get(new URL(redirectUri).pathname, async (req, res) => {
  const id = signInCookie(req);
  const saved = id && pending.get(id);
  pending.delete(id);
  if (!saved) return res.status(400).send('No sign-in under way: start at /login');
  const tokens = await client.authorizationCodeGrant(config, new URL(req.originalUrl, redirectUri), {
    pkceCodeVerifier: saved.codeVerifier,
    expectedState: saved.state,
  });
  const claims = tokens.claims();
  const userinfo = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
  res.json({ claims, userinfo });
});

app.listen(${port}, () => console.log('Listening: open ${url.origin}/login'));
`;
  return {
    framework: 'express',
    label: 'Express (openid-client)',
    fileName: 'server.mjs',
    install: 'npm install express openid-client',
    code,
    notes: commonNotes(app, redirectUri),
  };
}

/** Python with Authlib: a script that prints where to sign in, reads the address sent back, and prints who signed in. */
export function pythonQuickStart(app: QuickStartApplication): QuickStart {
  const redirectUri = quickStartRedirectUri(app);
  const method = isPublic(app)
    ? 'none'
    : app.tokenEndpointAuthMethod === 'client_secret_post'
      ? 'client_secret_post'
      : 'client_secret_basic';
  const code = `import json
import os
import secrets

import requests
from authlib.integrations.requests_client import OAuth2Session
from authlib.jose import JsonWebKey, jwt

ISSUER = ${q(app.issuer)}
CLIENT_ID = ${q(app.clientId)}
REDIRECT_URI = ${q(redirectUri)}
# For an http:// issuer (development on this computer only), set AUTHLIB_INSECURE_TRANSPORT=1.

metadata = requests.get(ISSUER + "/.well-known/openid-configuration", timeout=10).json()
session = OAuth2Session(
    CLIENT_ID,
    ${isPublic(app) ? 'None' : `os.environ["${SECRET_VARIABLE}"]`},
    scope=${q(SCOPE)},
    redirect_uri=REDIRECT_URI,
    code_challenge_method="S256",
    token_endpoint_auth_method="${method}",
)
code_verifier = secrets.token_urlsafe(48)
nonce = secrets.token_urlsafe(16)
uri, state = session.create_authorization_url(metadata["authorization_endpoint"], code_verifier=code_verifier, nonce=nonce)
print("Sign in at:", uri, flush=True)

print("Then paste here the address you were sent back to:", flush=True)
callback = input()
token = session.fetch_token(
    metadata["token_endpoint"], authorization_response=callback, state=state, code_verifier=code_verifier
)
keys = JsonWebKey.import_key_set(requests.get(metadata["jwks_uri"], timeout=10).json())
claims = jwt.decode(
    token["id_token"],
    keys,
    claims_options={"iss": {"essential": True, "value": metadata["issuer"]}, "aud": {"essential": True, "value": CLIENT_ID}, "nonce": {"essential": True, "value": nonce}},
)
claims.validate()
userinfo = session.get(metadata["userinfo_endpoint"], timeout=10).json()
print(json.dumps({"claims": dict(claims), "userinfo": userinfo}), flush=True)
`;
  return {
    framework: 'python',
    label: 'Python (Authlib)',
    fileName: 'sign_in.py',
    install: 'pip install authlib requests',
    code,
    notes: commonNotes(app, redirectUri),
  };
}

/** Next.js with Auth.js: the provider's callback is fixed at /api/auth/callback/gatehouse. */
export function nextjsQuickStart(app: QuickStartApplication): QuickStart {
  const base = new URL(quickStartRedirectUri(app)).origin;
  const redirectUri = `${base}/api/auth/callback/gatehouse`;
  const code = `// auth.ts
import NextAuth from 'next-auth';

export const { handlers, auth, signIn, signOut } = NextAuth({
  providers: [
    {
      id: 'gatehouse',
      name: 'Gatehouse',
      type: 'oidc',
      issuer: ${q(app.issuer)},
      clientId: ${q(app.clientId)},
${isPublic(app) ? "      client: { token_endpoint_auth_method: 'none' },\n" : `      clientSecret: process.env.${SECRET_VARIABLE},\n${app.tokenEndpointAuthMethod === 'client_secret_post' ? "      client: { token_endpoint_auth_method: 'client_secret_post' },\n" : ''}`}      checks: ['pkce', 'state'],
      authorization: { params: { scope: ${q(SCOPE)} } },
    },
  ],
});

// app/api/auth/[...nextauth]/route.ts
// import { handlers } from '@/auth';
// export const { GET, POST } = handlers;
`;
  const notes = commonNotes(app, redirectUri);
  if (!app.redirectURIs.includes(redirectUri)) notes.splice(0, 1, QUICK_START_MESSAGES.authJsCallback(redirectUri));
  return { framework: 'nextjs', label: 'Next.js (Auth.js)', fileName: 'auth.ts', install: 'npm install next-auth@beta', code, notes };
}

/** A React single-page application with oidc-client-ts: always a public client with PKCE. */
export function reactQuickStart(app: QuickStartApplication): QuickStart {
  const redirectUri = quickStartRedirectUri(app);
  const code = `import { UserManager } from 'oidc-client-ts';

export const userManager = new UserManager({
  authority: ${q(app.issuer)},
  client_id: ${q(app.clientId)},
  redirect_uri: ${q(redirectUri)},
  response_type: 'code', // with PKCE, which oidc-client-ts always sends
  scope: ${q(SCOPE)},
});

// Sign in:  await userManager.signinRedirect();
// On ${new URL(redirectUri).pathname}:  const user = await userManager.signinRedirectCallback();
//   user.profile holds the ID token's claims; user.access_token calls your API.
`;
  const notes = commonNotes(app, redirectUri).filter((note) => note !== QUICK_START_MESSAGES.secretNote);
  if (!isPublic(app)) notes.unshift(QUICK_START_MESSAGES.spaNeedsPublic);
  return {
    framework: 'react',
    label: 'React SPA (oidc-client-ts)',
    fileName: 'auth.ts',
    install: 'npm install oidc-client-ts',
    code,
    notes,
  };
}

/** Go with go-oidc and golang.org/x/oauth2, PKCE included. */
export function goQuickStart(app: QuickStartApplication): QuickStart {
  const redirectUri = quickStartRedirectUri(app);
  const url = new URL(redirectUri);
  const authStyle =
    isPublic(app) || app.tokenEndpointAuthMethod === 'client_secret_post' ? 'oauth2.AuthStyleInParams' : 'oauth2.AuthStyleInHeader';
  const code = `package main

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"log"
	"net/http"
	"os"

	"github.com/coreos/go-oidc/v3/oidc"
	"golang.org/x/oauth2"
)

func random() string {
	b := make([]byte, 16)
	rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

func main() {
	ctx := context.Background()
	provider, err := oidc.NewProvider(ctx, ${q(app.issuer)})
	if err != nil {
		log.Fatal(err)
	}
	config := oauth2.Config{
		ClientID:     ${q(app.clientId)},
		ClientSecret: ${isPublic(app) ? '""' : `os.Getenv("${SECRET_VARIABLE}")`},
		RedirectURL:  ${q(redirectUri)},
		Endpoint:     oauth2.Endpoint{AuthURL: provider.Endpoint().AuthURL, TokenURL: provider.Endpoint().TokenURL, AuthStyle: ${authStyle}},
		Scopes:       []string{oidc.ScopeOpenID, "email", "profile"},
	}
	verifier := provider.Verifier(&oidc.Config{ClientID: config.ClientID})

	http.HandleFunc("/login", func(w http.ResponseWriter, r *http.Request) {
		state, codeVerifier := random(), oauth2.GenerateVerifier()
		http.SetCookie(w, &http.Cookie{Name: "state", Value: state, HttpOnly: true, MaxAge: 600})
		http.SetCookie(w, &http.Cookie{Name: "verifier", Value: codeVerifier, HttpOnly: true, MaxAge: 600})
		http.Redirect(w, r, config.AuthCodeURL(state, oauth2.S256ChallengeOption(codeVerifier)), http.StatusFound)
	})
	http.HandleFunc(${q(url.pathname)}, func(w http.ResponseWriter, r *http.Request) {
		state, err1 := r.Cookie("state")
		codeVerifier, err2 := r.Cookie("verifier")
		if err1 != nil || err2 != nil || r.URL.Query().Get("state") != state.Value {
			http.Error(w, "No sign-in under way: start at /login", http.StatusBadRequest)
			return
		}
		token, err := config.Exchange(r.Context(), r.URL.Query().Get("code"), oauth2.VerifierOption(codeVerifier.Value))
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		rawIDToken, _ := token.Extra("id_token").(string)
		idToken, err := verifier.Verify(r.Context(), rawIDToken)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		var claims map[string]any
		idToken.Claims(&claims)
		userinfo, err := provider.UserInfo(r.Context(), oauth2.StaticTokenSource(token))
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		json.NewEncoder(w).Encode(map[string]any{"claims": claims, "email": userinfo.Email})
	})
	log.Fatal(http.ListenAndServe(":${url.port || '8080'}", nil))
}
`;
  return {
    framework: 'go',
    label: 'Go (go-oidc)',
    fileName: 'main.go',
    install: 'go get github.com/coreos/go-oidc/v3/oidc golang.org/x/oauth2',
    code,
    notes: commonNotes(app, redirectUri),
  };
}

/** ASP.NET Core with the OpenID Connect authentication handler. */
export function aspnetQuickStart(app: QuickStartApplication): QuickStart {
  const redirectUri = quickStartRedirectUri(app);
  const code = `// Program.cs
using Microsoft.AspNetCore.Authentication.Cookies;
using Microsoft.AspNetCore.Authentication.OpenIdConnect;

var builder = WebApplication.CreateBuilder(args);
builder.Services
    .AddAuthentication(options =>
    {
        options.DefaultScheme = CookieAuthenticationDefaults.AuthenticationScheme;
        options.DefaultChallengeScheme = OpenIdConnectDefaults.AuthenticationScheme;
    })
    .AddCookie()
    .AddOpenIdConnect(options =>
    {
        options.Authority = ${q(app.issuer)};
        options.ClientId = ${q(app.clientId)};
${isPublic(app) ? '' : `        options.ClientSecret = Environment.GetEnvironmentVariable("${SECRET_VARIABLE}");\n`}        options.ResponseType = "code";
        options.UsePkce = true;
        options.CallbackPath = ${q(new URL(redirectUri).pathname)};
        options.Scope.Add("email");
        options.Scope.Add("profile");
        options.SaveTokens = true;
        options.GetClaimsFromUserInfoEndpoint = true;
${app.issuer.startsWith('http://') ? '        options.RequireHttpsMetadata = false; // development on this computer only\n' : ''}    });
builder.Services.AddAuthorization();

var app = builder.Build();
app.UseAuthentication();
app.UseAuthorization();
app.MapGet("/", (HttpContext context) => context.User.Claims.Select(c => new { c.Type, c.Value })).RequireAuthorization();
app.Run();
`;
  return {
    framework: 'aspnet',
    label: 'ASP.NET Core',
    fileName: 'Program.cs',
    install: 'dotnet add package Microsoft.AspNetCore.Authentication.OpenIdConnect',
    code,
    notes: commonNotes(app, redirectUri),
  };
}

/** Every framework's quick start for `app`, in the order the page shows them. */
export function quickStarts(app: QuickStartApplication): QuickStart[] {
  return [
    nextjsQuickStart(app),
    reactQuickStart(app),
    expressQuickStart(app),
    pythonQuickStart(app),
    goQuickStart(app),
    aspnetQuickStart(app),
  ];
}
