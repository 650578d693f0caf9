"""Files and views: caption files read, reports and figures written, terminal tables, the HTML page."""
