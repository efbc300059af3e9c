-- The order a surveyor gave a line's points (decision 075), by the line's name: its code and string number in upper
-- case ('EP1'). Point ids are kept as given; a point deleted or recoded off the line is passed over when the
-- linework is built, so nothing here has to follow a point's changes. Goes with its project.
CREATE TABLE line_orders (
  project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  line text NOT NULL,
  point_ids uuid[] NOT NULL,
  PRIMARY KEY (project_id, line)
);
