// Runs a shell command for the CLI tests and captures what it prints on stdout
// (redirect 2>&1 in `cmd` to capture stderr too), with how it ended.
#pragma once
#include <sys/wait.h>

#include <cstdio>
#include <string>

struct CommandResult {
  int code = -1;          // exit status, or -1 when the command did not exit normally
  bool signaled = false;  // ended by a signal
  bool started = false;   // popen succeeded
  std::string out;
};

inline CommandResult run_command(const std::string& cmd) {
  CommandResult r;
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return r;
  r.started = true;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, n);
  const int status = pclose(p);
  r.signaled = WIFSIGNALED(status);
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}
