// Files of the client build. Hashed files under /assets never change: a year in every cache, and
// their brotli and gzip forms were written at build time (vite.config.ts), so no request spends
// CPU compressing them. Run by Node directly: type annotations only.
import { readdirSync } from "node:fs";
import path from "node:path";
import express from "express";
import { chooseEncoding } from "../app/lib/encoding.ts";

export function staticFiles(buildDir: string): express.Router {
  const router = express.Router();
  const assetsDir = path.join(buildDir, "client", "assets");
  const names = new Set(readdirSync(assetsDir));
  router.use("/assets", (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = req.path.slice(1);
    // A missing hashed file (an old page after a deploy) is a plain 404: no disk, no app, no log.
    if (!names.has(name)) return void res.status(404).type("text/plain").send("Not found");
    res.vary("Accept-Encoding");
    const encoding = chooseEncoding(req.headers["accept-encoding"]);
    const suffix = encoding === "br" ? ".br" : encoding === "gzip" ? ".gz" : "";
    if (suffix && names.has(name + suffix)) {
      res.type(path.extname(name));
      res.setHeader("Content-Encoding", encoding);
      req.url = `/${name}${suffix}`;
    }
    next();
  });
  router.use(
    "/assets",
    express.static(assetsDir, { immutable: true, maxAge: "1y", index: false, fallthrough: false }),
  );
  // Files from public/ (favicon, logo), for an hour. Only names with an extension are looked for
  // on disk, so a page request never costs a stat() call.
  const publicFiles = express.static(path.join(buildDir, "client"), { maxAge: "1h", index: false });
  router.use((req, res, next) =>
    /\.[a-z0-9]+$/i.test(req.path) ? publicFiles(req, res, next) : next(),
  );
  return router;
}
