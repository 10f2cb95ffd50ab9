// Job alerts' service worker of before (issue 15) is now part of the site's one worker (issue 28):
// a browser still registered with this address runs that one.
/* global importScripts */
importScripts("/sw.js");
