// A project header found through -I (or a compile_commands.json entry's
// -I): it picks the second scenario.
#define SCENARIO_NUM 2
